import { LockfileError } from '../errors.js';
import { isObj, type Obj } from '../syntax/shapes.js';

/** Where a field is read, for errors: the file, a label such as `package requests`, and its line. */
export interface FieldPlace {
  file: string;
  where: string;
  line: number;
}

function wrongType(place: FieldPlace, key: string, expected: string, value: unknown): LockfileError {
  const got = Array.isArray(value) ? 'an array' : value === null ? 'null' : `a ${typeof value}`;
  return new LockfileError(place.file, `${place.where}: "${key}" must be ${expected}, got ${got}`, {
    line: place.line,
  });
}

/** A string field, or undefined when absent; any other type is a LockfileError at the entry's line. */
export function optionalString(place: FieldPlace, entry: Obj, key: string): string | undefined {
  const value = entry[key];
  if (value === undefined || typeof value === 'string') return value;
  throw wrongType(place, key, 'a string', value);
}

/** A non-empty string field that must be present. */
export function requiredString(place: FieldPlace, entry: Obj, key: string): string {
  const value = optionalString(place, entry, key);
  if (value === undefined || value === '')
    throw new LockfileError(place.file, `${place.where}: no "${key}"`, { line: place.line });
  return value;
}

export function optionalBoolean(place: FieldPlace, entry: Obj, key: string): boolean | undefined {
  const value = entry[key];
  if (value === undefined || typeof value === 'boolean') return value;
  throw wrongType(place, key, 'true or false', value);
}

export function optionalStringArray(place: FieldPlace, entry: Obj, key: string): string[] | undefined {
  const value = entry[key];
  if (value === undefined) return undefined;
  if (Array.isArray(value) && value.every((item) => typeof item === 'string')) return value;
  throw wrongType(place, key, 'an array of strings', value);
}

export function optionalTable(place: FieldPlace, entry: Obj, key: string): Obj | undefined {
  const value = entry[key];
  if (value === undefined || isObj(value)) return value;
  throw wrongType(place, key, 'a table', value);
}
