import type { CmhUser } from '../../contract';
import { deriveFlags, hasRole, type PermissionSubject } from '../../lib/permissions';

/*
 * Who opens a home's service history. The spec names no rule for it; this product lets in the users who
 * may see service (Service_User, Service_Viewer) and the homeowner users of My Homeowners
 * (Home_Owner_Viewer, Warranty_User — spec 3 §6), who read the same warranty card.
 */

/** Service requests and parts orders are service data (GET /service, GET /parts/asset/{id}): service users and viewers. */
export const canSeeServiceRecords = (user: PermissionSubject) => deriveFlags(user).isServiceViewer;

export const canSeeServiceHistory = (user: PermissionSubject) => canSeeServiceRecords(user) || hasRole(user, 'Home_Owner_Viewer', 'Warranty_User');

/** Whose copy a kept list is: the user and the retail center (or plant facilities) they work in. */
export const historyScope = (user: Pick<CmhUser, 'userName' | 'isPlantUser' | 'currentRetailer'>) =>
  `${user.userName.toLowerCase()}:${user.isPlantUser ? 'plants' : (user.currentRetailer?.retailerNumber ?? 'none')}`;
