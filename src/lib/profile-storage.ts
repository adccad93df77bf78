import * as v from 'valibot';
import { CmhUser } from '../contract';

/** spec 1 §4: the profile is cached in local storage as an encoded value (base64 of its JSON). */
export const PROFILE_STORAGE_KEY = 'HomeSite.profile';

export function encodeProfile(user: CmhUser): string {
  const bytes = new TextEncoder().encode(JSON.stringify(user));
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** The stored profile, or null when it is missing, not decodable or no longer fits the contract. */
export function decodeProfile(encoded: string | null): CmhUser | null {
  if (!encoded) return null;
  try {
    const bytes = Uint8Array.from(atob(encoded), (char) => char.charCodeAt(0));
    const parsed = v.safeParse(CmhUser, JSON.parse(new TextDecoder().decode(bytes)));
    return parsed.success ? parsed.output : null;
  } catch {
    return null;
  }
}

export const readStoredProfile = () => decodeProfile(localStorage.getItem(PROFILE_STORAGE_KEY));
export const storeProfile = (user: CmhUser) => localStorage.setItem(PROFILE_STORAGE_KEY, encodeProfile(user));
export const clearStoredProfile = () => localStorage.removeItem(PROFILE_STORAGE_KEY);
