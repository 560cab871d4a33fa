import { LockfileError } from '../errors.js';
import { assertNoConflictMarkers, baseName, stripBom } from '../syntax/text.js';
import type { LockfilePackage, LockfileResult } from '../types.js';

/**
 * A configuration of a test source set: `test…` (testCompileClasspath, testRuntimeClasspath,
 * testAnnotationProcessor, testFixturesRuntimeClasspath) or `…Test…` (integrationTestRuntimeClasspath,
 * Android's debugUnitTestRuntimeClasspath and debugAndroidTestCompileClasspath).
 */
const TEST_CONFIGURATION = /^test(?:[A-Z]|$)|Test(?:[A-Z]|$)/;

/** `group:module:version`, as Gradle writes a locked module: three non-empty parts without blanks. */
const MODULE = /^([^:\s=,]+):([^:\s=,]+):([^:\s=,]+)$/;

/**
 * Gradle dependency lockfiles: the single-file `gradle.lockfile` (and `buildscript-gradle.lockfile`,
 * `settings-gradle.lockfile`) of Gradle 6 and later, lines `group:module:version=conf1,conf2` with
 * `#` comments and an `empty=` line; and the older per-configuration files
 * (`gradle/dependency-locks/<configuration>.lockfile`, bare `group:module:version` lines).
 *
 * Name is `group:module`. Gradle locks resolved module versions only, so every entry is a registry
 * package. The file does not tell direct from transitive. `dev` is true when every configuration that
 * lists the module is a test configuration (see TEST_CONFIGURATION); build-only configurations such as
 * `annotationProcessor`, `developmentOnly` or a build script's `classpath` are not counted as dev,
 * since they run in real builds. A line that is not a comment, an `empty=` line or a lock entry is an
 * error, as it is for Gradle itself.
 */
export function readGradleLockfile(path: string, rawText: string): LockfileResult {
  const text = stripBom(rawText);
  assertNoConflictMarkers(path, text);
  const packages: LockfilePackage[] = [];
  // Per-configuration files (Gradle 4.8 to 5) are named after their configuration and hold no `=`.
  const name = baseName(path);
  const legacy = name.endsWith('.lockfile') && !/gradle[^/\\]*\.lockfile$/.test(name);
  const legacyConfiguration = name.slice(0, -'.lockfile'.length);
  const legacyDev = legacy && TEST_CONFIGURATION.test(legacyConfiguration);
  let start = 0;
  let lineNo = 0;
  while (start <= text.length) {
    let end = text.indexOf('\n', start);
    if (end === -1) end = text.length;
    lineNo++;
    const line = text.slice(start, end).trim();
    start = end + 1;
    if (line === '' || line.startsWith('#') || line.startsWith('empty=')) continue;
    const cut = line.indexOf('=');
    const coordinates = legacy ? line : line.slice(0, cut);
    const configurations = legacy ? '' : line.slice(cut + 1);
    const module = cut === -1 && !legacy ? null : MODULE.exec(coordinates);
    if (module === null || (!legacy && (configurations === '' || configurations.includes('=')))) {
      throw new LockfileError(
        path,
        'not a Gradle lock entry (expected group:module:version=configurations)',
        { line: lineNo },
      );
    }
    const names = configurations.split(',');
    if (!legacy && names.some((conf) => conf.trim() === '')) {
      throw new LockfileError(path, 'an empty configuration name', {
        line: lineNo,
      });
    }
    packages.push({
      ecosystem: 'maven',
      name: `${module[1]}:${module[2]}`,
      version: module[3]!,
      line: lineNo,
      source: 'registry',
      dev: legacy ? legacyDev : names.every((conf) => TEST_CONFIGURATION.test(conf.trim())),
    });
  }
  return {
    ecosystem: 'maven',
    format: legacy ? 'gradle-lockfile-legacy' : 'gradle-lockfile',
    packages,
    warnings: [],
  };
}
