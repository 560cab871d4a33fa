import { LockfileError } from '../errors.js';
import { type PomElement, parsePomXml, pomChild, pomChildren, pomText } from '../syntax/pom-xml.js';
import { assertNoConflictMarkers, stripBom } from '../syntax/text.js';
import type { LockfilePackage, LockfileResult, LockfileWarning } from '../types.js';

/** Interpolated values longer than this are refused, so nested properties cannot blow up. */
const MAX_VALUE_LENGTH = 4096;
const PROPERTY_REFERENCE = /\$\{([^${}]*)\}/g;

interface Scope {
  /** `<properties>` in force: the project's, overlaid by a profile's for that profile's dependencies. */
  properties: Properties;
  /** Managed versions and scopes by `groupId:artifactId:type:classifier`, nearest first. */
  managed: readonly ReadonlyMap<string, Managed>[];
  /** Where the dependencies come from, for warnings: '' or ` (profile x)`. */
  where: string;
}

interface Managed {
  version?: string;
  scope?: string;
}

/**
 * A Maven `pom.xml`, read as the list of dependencies it declares: every `<dependency>` of the
 * project's `<dependencies>` and of each profile's (a profile may be active in some build). All are
 * direct; name `groupId:artifactId`; line of the `<dependency>` element. Scope `test` is dev, scope
 * `system` is source `path` (its `systemPath` in `resolved`), `<optional>true</optional>` is optional.
 * Scope `provided` is kept as an ordinary dependency (it is compiled against and present at run time).
 *
 * `${...}` references are resolved from the file's own `<properties>` and from `project.*`/`pom.*`
 * (`project.version` falls back to the parent's version, as Maven does). A version left unresolved, or
 * missing with no `<dependencyManagement>` entry of this file to supply it, is '' with a warning naming
 * the property (or the gap) and the line: parent POMs and imported BOMs are not read. A version range
 * (`[1.0,2.0)`) is `unpinned` with the range as `specifier`; `[1.0]` is the pinned version 1.0.
 *
 * Not reported: `<dependencyManagement>` entries (constraints, not dependencies; used only to fill in
 * versions and scopes; a file with nothing else gets a warning that it declares no dependencies), the parent POM, and build plugins with their dependencies. A dependency on
 * `${project.version}` of the project's own group is a sibling module: source `workspace`.
 */
export function readPomXml(path: string, rawText: string): LockfileResult {
  const text = stripBom(rawText);
  assertNoConflictMarkers(path, text);
  const project = parsePomXml(path, text);
  if (project.name !== 'project') {
    throw new LockfileError(path, `the root element is <${project.name}>, not <project>: not a pom.xml`, {
      line: project.line,
    });
  }
  const warnings: LockfileWarning[] = [];
  const packages: LockfilePackage[] = [];
  const parent = pomChild(project, 'parent');
  const builtins = new Map<string, string | undefined>();
  for (const field of ['groupId', 'artifactId', 'version'] as const) {
    const own = pomText(project, field);
    const inherited = pomText(parent, field);
    builtins.set(`project.parent.${field}`, inherited);
    builtins.set(
      `project.${field}`,
      own === undefined || own === '' ? (field === 'artifactId' ? own : inherited) : own,
    );
  }
  const projectProperties = propertiesOf(project);
  const interpolators = new WeakMap<Properties, Interpolate>();
  const interpolatorFor = (properties: Properties): Interpolate => {
    let found = interpolators.get(properties);
    if (found === undefined) {
      found = createInterpolate(properties, builtins);
      interpolators.set(properties, found);
    }
    return found;
  };
  const projectManaged = managedOf(project, projectProperties);
  const read = (dependencies: PomElement | undefined, scope: Scope): void => {
    const seen = new Map<string, number>();
    for (const dependency of pomChildren(dependencies, 'dependency')) {
      const resolve = interpolatorFor(scope.properties);
      const line = dependency.line;
      const group = resolve(pomText(dependency, 'groupId'));
      const artifact = resolve(pomText(dependency, 'artifactId'));
      if (!group.value || !artifact.value || group.missing.length + artifact.missing.length > 0) {
        const unresolved = [...group.missing, ...artifact.missing];
        warnings.push({
          message:
            unresolved.length > 0
              ? `dependency${scope.where} skipped: its name uses ${unresolved.join(', ')}, which this pom.xml does not resolve`
              : `dependency${scope.where} skipped: it has no ${group.value ? '<artifactId>' : '<groupId>'} (Maven rejects it)`,
          line,
        });
        continue;
      }
      const name = `${group.value}:${artifact.value}`;
      const type = resolve(pomText(dependency, 'type')).value || 'jar';
      const classifier = resolve(pomText(dependency, 'classifier')).value;
      const key = `${name}:${type}:${classifier}`;
      const earlier = seen.get(key);
      if (earlier !== undefined) {
        warnings.push({
          message: `${name} is declared twice${scope.where} (also at line ${earlier}); Maven keeps only one of them`,
          line,
        });
      }
      seen.set(key, line);
      const managed = scope.managed.map((m) => m.get(key)).find((m) => m !== undefined);
      const rawVersion = pomText(dependency, 'version');
      const dependencyScope = resolve(pomText(dependency, 'scope')).value || managed?.scope || 'compile';
      const pkg: LockfilePackage = {
        ecosystem: 'maven',
        name,
        version: '',
        line,
        source: 'registry',
        direct: true,
        dev: dependencyScope === 'test',
      };
      if (resolve(pomText(dependency, 'optional')).value === 'true') pkg.optional = true;
      let version: string | undefined;
      if (rawVersion !== undefined && rawVersion !== '') {
        const resolved = resolve(rawVersion);
        if (resolved.missing.length > 0) {
          warnings.push({
            message: `the version of ${name}${scope.where} uses ${resolved.missing.join(', ')}, which this pom.xml does not resolve (a parent POM, a profile or the command line may define it)`,
            line,
          });
        } else version = resolved.value;
      } else if (managed?.version !== undefined) {
        version = managed.version;
      } else {
        warnings.push({
          message: `${name}${scope.where} has no version here: it comes from a parent POM or an imported BOM, which depgate does not read`,
          line,
        });
      }
      if (version !== undefined) {
        const exact = /^\[([^,[\]()]+)\]$/.exec(version);
        if (exact !== null) pkg.version = exact[1]!.trim();
        else if (/^[[(]/.test(version)) {
          pkg.unpinned = true;
          pkg.specifier = version;
        } else pkg.version = version;
      }
      if (dependencyScope === 'system') {
        pkg.source = 'path';
        const systemPath = resolve(pomText(dependency, 'systemPath'));
        pkg.resolved =
          systemPath.missing.length > 0 ? (pomText(dependency, 'systemPath') ?? '') : systemPath.value;
      } else if (
        (rawVersion === '${project.version}' || rawVersion === '${pom.version}') &&
        group.value === resolve('${project.groupId}').value
      ) {
        pkg.source = 'workspace';
      }
      packages.push(pkg);
    }
  };
  read(pomChild(project, 'dependencies'), {
    properties: projectProperties,
    managed: [projectManaged],
    where: '',
  });
  for (const profile of pomChildren(pomChild(project, 'profiles'), 'profile')) {
    const id = pomText(profile, 'id') || `at line ${profile.line}`;
    const properties = propertiesOf(profile, projectProperties);
    read(pomChild(profile, 'dependencies'), {
      properties,
      managed: [managedOf(profile, properties), projectManaged],
      where: ` (profile ${id})`,
    });
  }

  function managedOf(owner: PomElement, properties: Properties): Map<string, Managed> {
    const managed = new Map<string, Managed>();
    const list = pomChild(pomChild(owner, 'dependencyManagement'), 'dependencies');
    for (const dependency of pomChildren(list, 'dependency')) {
      const resolve = interpolatorFor(properties);
      const group = resolve(pomText(dependency, 'groupId'));
      const artifact = resolve(pomText(dependency, 'artifactId'));
      if (!group.value || !artifact.value) continue;
      const key = `${group.value}:${artifact.value}:${resolve(pomText(dependency, 'type')).value || 'jar'}:${resolve(pomText(dependency, 'classifier')).value}`;
      const version = resolve(pomText(dependency, 'version'));
      const scope = resolve(pomText(dependency, 'scope')).value;
      managed.set(key, {
        ...(version.value !== '' && version.missing.length === 0 ? { version: version.value } : {}),
        ...(scope !== '' ? { scope } : {}),
      });
    }
    return managed;
  }

  if (packages.length === 0 && !warnings.some((w) => w.message.includes(' skipped: '))) {
    // Nothing declared: say so, and why when the file only manages versions (a parent or a BOM).
    const management = [project, ...pomChildren(pomChild(project, 'profiles'), 'profile')]
      .map((owner) => pomChild(owner, 'dependencyManagement'))
      .filter((element) => element !== undefined);
    const managed = management.reduce(
      (sum, element) => sum + pomChildren(pomChild(element, 'dependencies'), 'dependency').length,
      0,
    );
    warnings.push(
      management.length > 0
        ? {
            message: `this pom.xml declares no dependencies: its <dependencyManagement> only sets the versions of ${managed === 1 ? '1 dependency' : `${managed} dependencies`} for the modules that declare them (their pom.xml files list the dependencies)`,
            line: management[0]!.line,
          }
        : { message: 'this pom.xml declares no dependencies' },
    );
  }
  return { ecosystem: 'maven', format: 'pom', packages, warnings };
}

/** A property's raw value by name, or undefined. */
type Properties = (name: string) => string | undefined;

/** The `<properties>` of a project or profile, in front of `base` (looked up, never copied). */
function propertiesOf(owner: PomElement, base?: Properties): Properties {
  const own = new Map<string, string>();
  for (const property of pomChild(owner, 'properties')?.children ?? [])
    own.set(property.name, property.text.trim());
  return (name) => own.get(name) ?? base?.(name);
}

type Interpolate = (raw: string | undefined) => { value: string; missing: string[] };

/**
 * A resolver of `${name}` references, nested ones included, each property expanded once. Unknown names,
 * cycles and values that grow past MAX_VALUE_LENGTH are listed in `missing` (as `${name}` of the innermost
 * property at fault, with the reason unless it is simply undefined); the value then keeps the reference
 * as written.
 */
function createInterpolate(
  properties: Properties,
  builtins: ReadonlyMap<string, string | undefined>,
): Interpolate {
  // Per property: its expanded value, or the names that keep it from resolving.
  const done = new Map<string, { value: string } | { missing: string[] }>();
  const active = new Set<string>();
  const lookup = (name: string): { value: string } | { missing: string[] } => {
    const key = name.startsWith('pom.') ? `project.${name.slice(4)}` : name;
    const cached = done.get(key);
    if (cached !== undefined) return cached;
    if (active.has(key)) return { missing: [`\${${name}} (circular)`] };
    const raw = builtins.has(key) ? builtins.get(key) : properties(key);
    let result: { value: string } | { missing: string[] };
    if (raw === undefined) result = { missing: [`\${${name}}`] };
    else {
      active.add(key);
      const expanded = expand(raw);
      active.delete(key);
      result =
        expanded.missing.length > 0
          ? { missing: expanded.missing }
          : expanded.value.length > MAX_VALUE_LENGTH
            ? { missing: [`\${${name}} (longer than ${MAX_VALUE_LENGTH} characters)`] }
            : { value: expanded.value };
    }
    done.set(key, result);
    return result;
  };
  const expand = (raw: string): { value: string; missing: string[] } => {
    const missing: string[] = [];
    if (!raw.includes('${')) return { value: raw, missing };
    const value = raw.replace(PROPERTY_REFERENCE, (reference, name: string) => {
      const found = lookup(name);
      if ('value' in found) return found.value;
      for (const m of found.missing) if (!missing.includes(m)) missing.push(m);
      return reference;
    });
    return { value, missing };
  };
  return (raw) => (raw === undefined ? { value: '', missing: [] } : expand(raw));
}
