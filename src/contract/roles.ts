import * as v from 'valibot';

/** Every role the product checks by name (spec 1 §6). */
export const ROLE_NAMES = [
  'Rtl_Admin',
  'Service_User',
  'Service_Viewer',
  'Sales_Viewer',
  'Sales_User',
  'View_Pricing',
  'Warranty_User',
  'Sales_Leads_Claim',
  'Sales_Leads_Viewer',
  'Home_Owner_Viewer',
  'Nps_Viewer',
  'Parts_Catalog_Change_Admin',
  'Plant_User',
  'EBE_Driver_Manager',
  'Prospects_User',
  'RetailerManagement',
  'MyCustomHomes',
  'MyCustomHomes_Admin',
  'MyCustomHomes_ApproverOverride',
  'MyCustomHomes_Quote_Approver',
  'MyCustomHomes_OverrideApprover',
  'TRU_Express',
  'FndPlannerModels',
  'FndPlannerOrders',
  'FndPlannerRtl',
  'ProductionSchedulerAdmin',
  'ProductionSchedulerUser',
  'QuickViewUser',
  'TRNSchedulerAdmin',
  'TRNSchedulerUser',
  'RCOSchedulerUser',
  'RCOSchedulerAdmin',
  'HbgCommunications',
  'EnergyCreditSubmissions_Read',
  'Retailer_Rebates',
] as const;
export type RoleName = (typeof ROLE_NAMES)[number];
export const RoleNameSchema = v.picklist(ROLE_NAMES, 'Unknown role.');

/** Role (spec 1 §3). */
export const Role = v.object({
  roleId: v.number(),
  name: v.string(),
  description: v.string(),
});
export type Role = v.InferOutput<typeof Role>;
