/**
 * The command that moves one package of a lockfile to `version`, as the lockfile's own package manager
 * takes it, by the format the reader names (`package-lock@3`, `yarn@1`, `yarn-berry@8`, `cargo@4`...);
 * undefined where the tool has no command that pins one package to one version (poetry, bundler,
 * requirements files edited by hand) or the format is not one we know.
 */
export function fixCommand(format: string | undefined, name: string, version: string): string | undefined {
  if (format === undefined) return undefined;
  const family = format.split('@')[0];
  const q = shellWord;
  switch (family) {
    case 'package-lock':
    case 'npm-shrinkwrap':
      return `npm install ${q(`${name}@${version}`)}`;
    case 'yarn':
      return `yarn upgrade ${q(`${name}@${version}`)}`;
    case 'yarn-berry':
      return `yarn up ${q(`${name}@${version}`)}`;
    case 'pnpm':
      return `pnpm update ${q(`${name}@${version}`)}`;
    case 'bun':
      return `bun add ${q(`${name}@${version}`)}`;
    case 'cargo':
      return `cargo update -p ${q(name)} --precise ${q(version)}`;
    case 'uv':
      return `uv lock --upgrade-package ${q(`${name}==${version}`)}`;
    case 'go.mod':
      return `go get ${q(`${name}@${version}`)}`;
    case 'composer-lock':
      return `composer update ${q(name)} --with ${q(`${name}:${version}`)}`;
    default:
      return undefined;
  }
}

/** A word a POSIX shell reads back as itself: as is when plain, else single-quoted. */
function shellWord(word: string): string {
  return /^[A-Za-z0-9@%+=:,./_-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}
