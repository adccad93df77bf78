import type { CmhUser } from '../contract';

/**
 * Whose copy a kept read or list is: the user, and the retail center (or, for plant users, their plant facilities)
 * they work in — the server's scope. Another user or retail center on a shared tablet has a copy of its own, and the
 * features that show the same data (the homes of work orders and parts orders) find each other's copy under it.
 */
export const viewScope = (user: Pick<CmhUser, 'userName' | 'isPlantUser' | 'currentRetailer'>) =>
  `${user.userName.toLowerCase()}:${user.isPlantUser ? 'plants' : (user.currentRetailer?.retailerNumber ?? 'none')}`;
