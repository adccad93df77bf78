/** Loaded at the first hash or check: most commands of the command line need neither. */
const argon2 = () => import('@node-rs/argon2');

/** Argon2id (the library's default algorithm) with its default cost: about 20 ms per hash here. */
export const hashPassword = async (password: string) => (await argon2()).hash(password);

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  const { verify } = await argon2();
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let decoyHash: Promise<string> | undefined;

/** Spends the time of a real check, so an unknown user name answers as slowly as a wrong password. */
export async function spendPasswordCheck(password: string): Promise<void> {
  decoyHash ??= hashPassword('decoy password that never matches');
  await verifyPassword(await decoyHash, password);
}
