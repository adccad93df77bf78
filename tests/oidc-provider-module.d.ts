/* oidc-provider ships no type declarations: the tests' provider (tests/oidc-provider.ts) types what it uses itself. */
declare module 'oidc-provider';
