import { LockfileError } from '../errors.js';
import { parsePomXml, pomChild, pomChildren } from '../syntax/pom-xml.js';
import { assertNoConflictMarkers, stripBom } from '../syntax/text.js';
import type { LockfilePackage, LockfileResult, LockfileWarning } from '../types.js';

/**
 * Gradle's dependency verification file, `gradle/verification-metadata.xml`: every
 * `<components><component group name version>`, at the line of its start tag, as the Maven package
 * `group:name` at `version`. The file records what the build downloaded and verified (plugins and
 * build tooling included), not who asked for it: `direct` is left unset and there are no edges. A
 * component named twice is reported once, with a warning; a component without group, name or version
 * is skipped with a warning (Gradle never writes one).
 *
 * Format: `gradle-verification-metadata`.
 */
export function readGradleVerificationMetadata(path: string, rawText: string): LockfileResult {
  const text = stripBom(rawText);
  assertNoConflictMarkers(path, text);
  const root = parsePomXml(path, text);
  if (root.name !== 'verification-metadata')
    throw new LockfileError(
      path,
      `the root element is <${root.name}>, not <verification-metadata>: not a Gradle verification-metadata.xml`,
      { line: root.line },
    );
  const warnings: LockfileWarning[] = [];
  const packages: LockfilePackage[] = [];
  const seen = new Map<string, number>();
  for (const component of pomChildren(pomChild(root, 'components'), 'component')) {
    const line = component.line;
    const attributes = component.attributes ?? {};
    const missing = ['group', 'name', 'version'].filter((key) => (attributes[key] ?? '').trim() === '');
    if (missing.length > 0) {
      warnings.push({
        message: `a <component> without ${missing.join(', ')}: skipped (Gradle writes all three)`,
        line,
      });
      continue;
    }
    const name = `${attributes.group!.trim()}:${attributes.name!.trim()}`;
    const version = attributes.version!.trim();
    const key = `${name}@${version}`;
    const earlier = seen.get(key);
    if (earlier !== undefined) {
      warnings.push({ message: `${key} is listed twice (first at line ${earlier}); reported once`, line });
      continue;
    }
    seen.set(key, line);
    packages.push({ ecosystem: 'maven', name, version, line, source: 'registry' });
  }
  return { ecosystem: 'maven', format: 'gradle-verification-metadata', packages, warnings };
}
