import type { CmhUser, RoleName } from '../contract';

/** The parts of a user the permission rules read; the server's token user and the client profile both fit. */
export interface PermissionSubject {
  roles: readonly string[];
  isPlantUser: boolean;
  isInternal: boolean;
  currentRetailer: Pick<NonNullable<CmhUser['currentRetailer']>, 'retailerType' | 'retailerNumber'> | null;
  availableRetailers: readonly unknown[];
}

export const hasRole = (user: Pick<PermissionSubject, 'roles'>, ...roles: RoleName[]) => roles.some((role) => user.roles.includes(role));

/** spec 1 §9: retailer type 'C' is company-owned. */
export const isCompanyOwnedRetailer = (user: Pick<PermissionSubject, 'currentRetailer'>) => user.currentRetailer?.retailerType === 'C';

/** Derived flags of spec 1 §3 and §6. */
export function deriveFlags(user: PermissionSubject) {
  const companyOwned = isCompanyOwnedRetailer(user);
  return {
    isAdmin: hasRole(user, 'Rtl_Admin') && !user.isPlantUser,
    isServiceAdmin: hasRole(user, 'Service_User'),
    isServiceViewer: hasRole(user, 'Service_User', 'Service_Viewer'),
    isSalesUser: hasRole(user, 'Sales_User'),
    isSalesViewer: hasRole(user, 'Sales_User', 'Sales_Viewer'),
    isPriceViewer: hasRole(user, 'View_Pricing'),
    isNpsViewer: hasRole(user, 'Nps_Viewer'),
    isWarrantyAdmin: hasRole(user, 'Warranty_User'),
    isLeadsAdmin: hasRole(user, 'Sales_Leads_Claim'),
    isPartsCatalogChangeManager: hasRole(user, 'Parts_Catalog_Change_Admin'),
    isEbeUser: hasRole(user, 'EBE_Driver_Manager'),
    isProspectsUser: hasRole(user, 'Prospects_User'),
    isMchAdmin: hasRole(user, 'MyCustomHomes_Admin'),
    canViewRetailerManagement: hasRole(user, 'RetailerManagement'),
    canViewQuoteApprovals: hasRole(user, 'MyCustomHomes_Quote_Approver', 'MyCustomHomes_OverrideApprover'),
    canViewLeads: !companyOwned && hasRole(user, 'Sales_Leads_Claim', 'Sales_Leads_Viewer'),
    canViewNps: !companyOwned && hasRole(user, 'Nps_Viewer'),
    canViewMyAccount: !user.isInternal,
    canViewCustomerExperienceLearning: user.isPlantUser || (!user.isPlantUser && !user.isInternal),
    canViewEnergyCreditsLearning: user.isPlantUser,
  };
}
export type DerivedFlags = ReturnType<typeof deriveFlags>;

/**
 * spec 3 §6 menu rule, roles part: My Homeowners is for Warranty_User, Home_Owner_Viewer or Service_User (a
 * partner-portal retailer does not show it; that needs the retailer's metadata, see tiles.ts). Kept out of
 * deriveFlags so that the flag list other checks compare stays as it is.
 */
export const canViewMyHomeowners = (user: Pick<PermissionSubject, 'roles'>) =>
  hasRole(user, 'Warranty_User', 'Home_Owner_Viewer', 'Service_User');

/** Who may create and update warranty cards (the server's write rule, src/server/routes/homeowners.ts): warranty or service admins. */
export const canEditWarrantyCards = (user: Pick<PermissionSubject, 'roles'>) => hasRole(user, 'Warranty_User', 'Service_User');

/*
 * Who opens a home's service history. The spec names no rule for it; this product lets in the users who
 * may see service (Service_User, Service_Viewer) and the homeowner users of My Homeowners
 * (Home_Owner_Viewer, Warranty_User — spec 3 §6), who read the same warranty card.
 */

/** Service requests and parts orders are service data (GET /service, GET /parts/asset/{id}): service users and viewers. */
export const canSeeServiceRecords = (user: PermissionSubject) => deriveFlags(user).isServiceViewer;

export const canSeeServiceHistory = (user: PermissionSubject) =>
  canSeeServiceRecords(user) || hasRole(user, 'Home_Owner_Viewer', 'Warranty_User');
