// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import {
  clearStoredProfile,
  decodeProfile,
  encodeProfile,
  PROFILE_STORAGE_KEY,
  readStoredProfile,
  storeProfile,
} from '../../../src/lib/profile-storage';
import { demoProfile } from '../fixtures/demo-profiles';

afterEach(() => clearStoredProfile());

describe('profile in local storage (spec 1 §4: an encoded value)', () => {
  it('stores base64 of the JSON, not readable JSON', () => {
    const user = { ...demoProfile('admin'), firstName: 'Zoë' };
    storeProfile(user);
    const stored = localStorage.getItem(PROFILE_STORAGE_KEY)!;
    expect(stored).not.toContain('Zo');
    expect(stored).toBe(encodeProfile(user));
    expect(readStoredProfile()).toEqual(user);
  });

  it('ignores a missing, corrupt or outdated value', () => {
    expect(readStoredProfile()).toBeNull();
    expect(decodeProfile('%%%')).toBeNull();
    expect(decodeProfile(btoa('{"firstName":"only"}'))).toBeNull();
  });
});
