/**
 * Small shape checkers for response bodies. A wrong shape becomes a ShapeError naming the JSON path;
 * the client turns it into a `bad-response` ApiError. Protobuf JSON omits default values, so absent
 * arrays read as empty and absent booleans as false.
 */
export class ShapeError extends Error {
  override readonly name = 'ShapeError';
  constructor(
    readonly field: string,
    readonly expected: string,
    readonly actual: unknown,
  ) {
    super(`field '${field}' should be ${expected}, got ${describe(actual)}`);
  }
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string')
    return `the string ${JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value)}`;
  if (typeof value === 'object') return 'an object';
  return typeof value === 'number' || typeof value === 'boolean' ? `${typeof value} ${value}` : typeof value;
}

export type Obj = Record<string, unknown>;

export function asObject(value: unknown, field: string): Obj {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new ShapeError(field, 'an object', value);
  return value as Obj;
}

/** An array field; absent reads as empty. */
export function arrayField(obj: Obj, key: string, path: string): unknown[] {
  const value = obj[key];
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) throw new ShapeError(join(path, key), 'an array', value);
  return value;
}

export function stringField(obj: Obj, key: string, path: string): string {
  const value = obj[key];
  if (typeof value !== 'string') throw new ShapeError(join(path, key), 'a string', value);
  return value;
}

export function optionalString(obj: Obj, key: string, path: string): string | undefined {
  const value = obj[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw new ShapeError(join(path, key), 'a string', value);
  return value;
}

export function optionalBoolean(obj: Obj, key: string, path: string): boolean {
  const value = obj[key];
  if (value === undefined || value === null) return false;
  if (typeof value !== 'boolean') throw new ShapeError(join(path, key), 'a boolean', value);
  return value;
}

/** A number that may travel as a string (protobuf int64/uint64 mapping). */
export function optionalInteger(obj: Obj, key: string, path: string): number | undefined {
  const value = obj[key];
  if (value === undefined || value === null || value === '') return undefined;
  const n = typeof value === 'string' && /^-?\d+$/.test(value) ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isInteger(n))
    throw new ShapeError(join(path, key), 'an integer', value);
  return n;
}

/** A 64-bit id as a string, whether it travelled as a number or a string. */
export function optionalId(obj: Obj, key: string, path: string): string | undefined {
  const value = obj[key];
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value === 'number' && Number.isInteger(value)) return String(value);
  if (typeof value === 'string' && /^\d+$/.test(value)) return value;
  throw new ShapeError(join(path, key), 'an id (digits)', value);
}

/**
 * An id the spec types as a string (dependency and notification ids) that a producer may still send
 * as a number: read as a string either way.
 */
export function optionalStringId(obj: Obj, key: string, path: string): string | undefined {
  const value = obj[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isSafeInteger(value)) return String(value);
  throw new ShapeError(join(path, key), 'a string id', value);
}

/** An array of strings, returned as it came (validated in place, not copied: listings are large). */
export function stringArray(obj: Obj, key: string, path: string): string[] {
  const list = arrayField(obj, key, path);
  for (let i = 0; i < list.length; i++) {
    if (typeof list[i] !== 'string') throw new ShapeError(`${join(path, key)}[${i}]`, 'a string', list[i]);
  }
  return list as string[];
}

export function join(path: string, key: string): string {
  return path === '' ? key : `${path}.${key}`;
}
