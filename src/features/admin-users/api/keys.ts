/** Query keys of user administration, written once. */
export const adminUserKeys = {
  all: ['admin-users'] as const,
  users: () => [...adminUserKeys.all, 'users'] as const,
  user: (cmhUserId: number) => [...adminUserKeys.users(), cmhUserId] as const,
  roles: () => [...adminUserKeys.all, 'roles'] as const,
  emailCheck: (email: string) => [...adminUserKeys.all, 'email-check', email] as const,
};
