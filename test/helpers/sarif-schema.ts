import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv, type ValidateFunction } from 'ajv';
import { ROOT } from './paths.js';

/** A validator for the official SARIF 2.1.0 schema (as @microsoft/jest-sarif ships it). */
export function sarifValidator(): ValidateFunction {
  const raw = JSON.parse(
    readFileSync(join(ROOT, 'node_modules/@microsoft/jest-sarif/lib/schemas/sarif-2.1.0-rtm.5.json'), 'utf8'),
  ) as Record<string, unknown>;
  // The official schema is draft-04; its keywords read the same under draft-07 but for `id`.
  const { id, ...rest } = raw;
  const schema = { ...rest, $id: id as string, $schema: 'http://json-schema.org/draft-07/schema#' };
  return new Ajv({ allErrors: true, strict: false, unicodeRegExp: false, validateFormats: false }).compile(
    schema,
  );
}
