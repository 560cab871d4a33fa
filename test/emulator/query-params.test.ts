import { describe, expect, it } from 'vitest';
import { createQueryReader, readBoolean } from '../../src/emulator/query-params.js';

describe('booleans, read as pydantic and marshmallow read them', () => {
  it.each(['true', 'True', 'TRUE', 't', '1', 'yes', 'Yes', 'y', 'on', 'ON'])('%s is true', (text) => {
    expect(readBoolean(text, 'dedup')).toBe(true);
  });

  it.each(['false', 'False', 'f', '0', 'no', 'n', 'off', 'Off'])('%s is false', (text) => {
    expect(readBoolean(text, 'dedup')).toBe(false);
  });

  it.each(['', 'maybe', '2', 'truthy', 'null'])('%j is a 400 naming the parameter', (text) => {
    expect(() => readBoolean(text, 'is_malicious')).toThrow(
      `is_malicious must be a boolean (true or false; also 1/0, yes/no, on/off), got ${JSON.stringify(text)}`,
    );
  });
});

describe('a query reader', () => {
  const reader = (query: string) =>
    createQueryReader(new URLSearchParams(query), { validationState: 'validation_state' });

  it.each([
    ['repos=a,b', ['a', 'b']],
    ['repos=a&repos=b', ['a', 'b']],
    ['repos=a,b&repos=c', ['a', 'b', 'c']],
    ['repos=+a+,,b', ['a', 'b']],
    ['repos=a&repos=a', ['a']],
    ['', []],
  ])('reads the list in %s', (query, expected) => {
    expect(reader(query).list('repos')).toEqual(expected);
  });

  it('reads a parameter under its other spelling too', () => {
    expect(reader('validationState=A&validation_state=B').list('validation_state')).toEqual(['B', 'A']);
  });

  it('takes a single value repeated alike, and refuses two different ones', () => {
    expect(reader('ref=main&ref=main').single('ref')).toBe('main');
    expect(() => reader('ref=main&ref=dev').single('ref')).toThrow(
      'ref takes one value, got 2: "main", "dev"',
    );
  });

  it('notes the parameters nobody asked for', () => {
    const query = reader('repos=a&colour=red&size=2');
    query.list('repos');
    const notes: string[] = [];
    query.noteUnknown((text) => notes.push(text));
    expect(notes).toEqual(['ignored unknown query parameters colour, size']);
  });
});
