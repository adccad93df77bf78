import type { CmhUser } from '../../../contract';

/** Whose kept copy of a report: prices differ between users, so each user's copy is their own. */
export const reportScope = (user: Pick<CmhUser, 'userName' | 'isPlantUser' | 'currentRetailer'>) =>
  `${user.userName.toLowerCase()}:${user.isPlantUser ? 'plants' : (user.currentRetailer?.retailerNumber ?? 'none')}`;
