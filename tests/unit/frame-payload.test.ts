import { describe, expect, it } from 'vitest';
import { scriptSafeJson } from '../../src/app/payload';

describe('scriptSafeJson', () => {
  it('can never close the script element or open a comment, and reads back unchanged', () => {
    const value = { text: '</script><script>alert(1)</script><!-- & \u2028\u2029' };
    const json = scriptSafeJson(value);
    expect(json).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(json)).toEqual(value);
  });
});
