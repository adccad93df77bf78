import type { CmhUser } from '../../contract';

/** Whose copy a kept list is: the user and the retail center (or plant facilities) they work in. */
export const historyScope = (user: Pick<CmhUser, 'userName' | 'isPlantUser' | 'currentRetailer'>) =>
  `${user.userName.toLowerCase()}:${user.isPlantUser ? 'plants' : (user.currentRetailer?.retailerNumber ?? 'none')}`;
