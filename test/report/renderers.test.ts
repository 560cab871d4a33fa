import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { Ajv } from 'ajv';
import { micromark } from 'micromark';
import { gfm, gfmHtml } from 'micromark-extension-gfm';
import { describe, expect, it } from 'vitest';
import { runGate, type Finding, type Report } from '../../src/gate/index.js';
import { readPolicy } from '../../src/policy/index.js';
import {
  annotationsOf,
  escapeMarkdown,
  renderJson,
  renderMarkdown,
  renderSarif,
  renderText,
} from '../../src/report/index.js';
import { ROOT } from '../helpers/paths.js';
import { DEMO_PAIRS } from '../helpers/lockfile-pairs.js';

const PAIRS = DEMO_PAIRS;

async function demoReport(): Promise<Report> {
  return runGate({
    lockfiles: PAIRS,
    policy: readPolicy(
      readFileSync(join(ROOT, 'examples/demo/head/.github/depgate.yml'), 'utf8'),
      '.github/depgate.yml',
    ),
    now: new Date('2026-11-24T12:00:00Z'),
    toolVersion: '1.2.3',
    mode: 'diff',
  });
}

/** A report with many findings and names full of Markdown and HTML, built from a real one. */
async function bigReport(findings: number): Promise<Report> {
  const report = await demoReport();
  const [first] = report.findings as [Finding];
  report.findings = Array.from({ length: findings }, (_, i) => ({
    ...first,
    name: `pkg-${i}|<script>*_x_*</script>\`code\``,
    line: i + 1,
    message: `pkg-${i} is denied | because [reasons](http://x)\nsecond line`,
  }));
  report.counts.violations = findings;
  return report;
}

describe('JSON report', () => {
  const schema = JSON.parse(readFileSync(join(ROOT, 'schema/report-v1.schema.json'), 'utf8')) as object;
  const ajv = new Ajv2020({ allErrors: true, strict: true });
  ajv.addFormat('date-time', /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/);
  const validate = ajv.compile(schema);

  it('matches its published schema, and the schema rejects what is not a report', async () => {
    const report = JSON.parse(renderJson(await demoReport())) as unknown;
    expect(validate(report), JSON.stringify(validate.errors)).toBe(true);
    expect(validate({ ...(report as object), verdict: 'maybe' })).toBe(false);
    expect(validate({ ...(report as object), extra: 1 })).toBe(false);
  });

  it('is pretty JSON ending in a newline, and reads back to the same report', async () => {
    const report = await demoReport();
    const text = renderJson(report);
    expect(text.endsWith('}\n')).toBe(true);
    expect(JSON.parse(text)).toEqual(report);
  });
});

describe('SARIF', () => {
  const raw = JSON.parse(
    readFileSync(join(ROOT, 'node_modules/@microsoft/jest-sarif/lib/schemas/sarif-2.1.0-rtm.5.json'), 'utf8'),
  ) as Record<string, unknown>;
  // The official schema is draft-04; its keywords read the same under draft-07 but for `id`.
  const { id, ...rest } = raw;
  const schema = { ...rest, $id: id as string, $schema: 'http://json-schema.org/draft-07/schema#' };
  const ajv = new Ajv({ allErrors: true, strict: false, unicodeRegExp: false });
  const validate = ajv.compile(schema);

  it('validates against the official SARIF 2.1.0 schema', async () => {
    const sarif = renderSarif(await demoReport(), { toolVersion: '1.2.3' });
    expect(validate(sarif), JSON.stringify(validate.errors)).toBe(true);
    expect(validate({ version: '2.1.0', runs: [{ tool: {} }] })).toBe(false);
  });

  it('suppresses what a valid exception excuses, with its reason, owner and expiry; an expired one opens', async () => {
    const results = renderSarif(await demoReport(), { toolVersion: '1' }).runs[0]!.results!;
    const byStatus = (status: string) =>
      results.filter((r) => (r.properties as { exceptionStatus?: string }).exceptionStatus === status);
    expect(byStatus('valid').length).toBeGreaterThan(0);
    for (const r of byStatus('valid')) {
      expect(r.suppressions).toHaveLength(1);
      expect(r.suppressions![0]).toMatchObject({ kind: 'external', status: 'accepted' });
      expect(r.suppressions![0]!.justification).toMatch(
        /^exceptions\[\d+\]: .+ \(owner @\S+, expires \d{4}-\d\d-\d\d\)$/,
      );
    }
    expect(byStatus('expired').length).toBeGreaterThan(0);
    for (const r of byStatus('expired')) expect(r.suppressions).toBeUndefined();
    expect(results.filter((r) => r.suppressions).length).toBe(byStatus('valid').length);
  });

  it('locates results at lockfile lines with fingerprints that do not change between runs', async () => {
    const a = renderSarif(await demoReport(), { toolVersion: '1' });
    const b = renderSarif(await demoReport(), { toolVersion: '1' });
    const results = a.runs[0]!.results!;
    expect(results.map((r) => r.locations![0]!.physicalLocation!.artifactLocation!.uri)).toContain(
      'tools/video/yarn.lock',
    );
    const lodash = results.find((r) => r.message.text!.startsWith('lodash'))!;
    expect(lodash).toMatchObject({ ruleId: 'depgate/denied', level: 'error' });
    expect(lodash.locations![0]!.physicalLocation!.region!.startLine).toBe(442);
    expect(b.runs[0]!.results!.map((r) => r.partialFingerprints)).toEqual(
      results.map((r) => r.partialFingerprints),
    );
  });
});

describe('Markdown', () => {
  it('escapes what would break a table or run as HTML', () => {
    expect(escapeMarkdown('a|b <img src=x> *c* `d` [e](f)\ng')).toBe(
      'a\\|b \\<img src=x\\> \\*c\\* \\`d\\` \\[e\\](f) g',
    );
  });

  it('keeps every table row on one line with its cells, whatever the names hold', async () => {
    const md = renderMarkdown(await bigReport(3));
    const rows = md.split('\n').filter((l) => l.startsWith('| **block**'));
    expect(rows).toHaveLength(3);
    for (const r of rows) expect(r.split(/(?<!\\)\|/).length).toBe(8); // 6 cells between 7 pipes
    // As GitHub reads it: no element the names brought, each name shown as written in a code span.
    const html = micromark(md, { extensions: [gfm()], htmlExtensions: [gfmHtml()] });
    expect(html).not.toMatch(/<script|<em>|<a /);
    expect(html).toContain('<code>pkg-0|&lt;script&gt;*_x_*&lt;/script&gt;`code`</code>');
    const bodyRows = (html.match(/<tr>[\s\S]*?<\/tr>/g) ?? []).filter((r) => r.includes('<td>'));
    expect(bodyRows.length).toBeGreaterThanOrEqual(3);
    for (const r of bodyRows) expect(r.match(/<td>/g)).toHaveLength(6);
  });

  it('folds rows beyond the first ten into details', async () => {
    const md = renderMarkdown(await bigReport(25));
    expect(md).toContain('<details><summary>15 more findings</summary>');
    expect(md.match(/<details>/g)!.length).toBe(md.match(/<\/details>/g)!.length);
  });

  it('cuts to the size asked at a row boundary and says how many it left out', async () => {
    const report = await bigReport(5000);
    for (const max of [65_000, 20_000, 3_000]) {
      const md = renderMarkdown(report, { maxLength: max, footer: '<!-- depgate -->' });
      expect(md.length).toBeLessThanOrEqual(max);
      expect(md).toMatch(/\*\*\d[\d,]* findings not shown to stay within the size limit\*\*/);
      expect(md.trimEnd().endsWith('<!-- depgate -->')).toBe(true);
      expect(md.match(/<details>/g)?.length ?? 0).toBe(md.match(/<\/details>/g)?.length ?? 0);
      const shown = md.split('\n').filter((l) => l.startsWith('| **block**')).length;
      const left = Number(/\*\*(\d+) findings not shown/.exec(md)![1]);
      expect(shown + left).toBe(5000);
    }
  });

  it('says passed, with nothing against the policy, for a clean change', async () => {
    const report = await runGate({
      lockfiles: PAIRS,
      policy: readPolicy('newToOrg: off\n', 'p.yml'),
      now: new Date('2026-11-24T12:00:00Z'),
      toolVersion: '1',
      mode: 'diff',
    });
    const md = renderMarkdown(report);
    expect(md.startsWith('### depgate: passed')).toBe(true);
    expect(md).toContain('Nothing against the policy.');
  });
});

describe('text', () => {
  it('colours only when asked', async () => {
    const report = await demoReport();
    expect(renderText(report, { color: false })).not.toContain('\u001b[');
    expect(renderText(report, { color: true })).toContain('\u001b[31mBLOCK');
  });

  it('starts with the verdict and aligns the columns of a lockfile', async () => {
    const text = renderText(await demoReport(), { color: false });
    expect(text.split('\n')[0]).toBe(
      'depgate BLOCKED: 2 violations, 1 warning; 9 package versions introduced, 0 removed, in 2 changed lockfiles',
    );
    const rows = text
      .split('\n')
      .filter((l) => /^ {2}(BLOCK|note) /.test(l) && l.includes('package') === false);
    const columns = new Set(rows.map((r) => r.indexOf('line ')));
    expect(columns.size).toBe(1);
  });
});

describe('annotations', () => {
  it('puts what blocks first, then warnings, then notices, each at its lockfile line', async () => {
    const annotations = annotationsOf(await demoReport());
    const levels = annotations.map((a) => a.level);
    expect(levels).toEqual(
      [...levels].sort(
        (a, b) => ['error', 'warning', 'notice'].indexOf(a) - ['error', 'warning', 'notice'].indexOf(b),
      ),
    );
    expect(annotations[0]).toMatchObject({ level: 'error', file: 'package-lock.json', line: 437 });
    expect(annotationsOf(await demoReport(), { limit: 2 })).toHaveLength(2);
  });
});
