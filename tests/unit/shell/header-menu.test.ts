import { describe, expect, it } from 'vitest';
import { headerMenuEntries, matchingRetailCenters } from '../../../src/app/shell/header-menu';
import type { Retailer } from '../../../src/contract';
import { retailCenterLabel } from '../../../src/lib/retailers';
import { demoProfile } from '../fixtures/demo-profiles';

const labels = (user: Parameters<typeof headerMenuEntries>[0], links: Record<string, string> = {}) =>
  headerMenuEntries(user, links).map((entry) => entry.label);

describe('header menu items by role (spec 1 §2, §6)', () => {
  it('admin: My Account, Support, Device status, What’s new?, Admin, Logout', () => {
    expect(labels(demoProfile('admin'))).toEqual(['My Account', 'Support', 'Device status', "What's new?", 'Admin', 'Logout']);
  });

  it('plant user who is a change manager: both parts catalog items, no Admin', () => {
    expect(labels(demoProfile('plant'))).toEqual([
      'My Account',
      'Parts Catalog Admin',
      'Parts Catalog Change Management',
      'Support',
      'Device status',
      "What's new?",
      'Logout',
    ]);
  });

  it('a plant user without the change-manager role gets only Parts Catalog Admin; a change manager who is not a plant user neither', () => {
    const plant = demoProfile('plant');
    expect(labels({ ...plant, roles: ['Plant_User'] })).toContain('Parts Catalog Admin');
    expect(labels({ ...plant, roles: ['Plant_User'] })).not.toContain('Parts Catalog Change Management');
    const service = demoProfile('service');
    expect(labels({ ...service, roles: [...service.roles, 'Parts_Catalog_Change_Admin'] })).not.toContain(
      'Parts Catalog Change Management',
    );
  });

  it('Rtl_Admin on a plant user is no admin (spec 1 §6)', () => {
    const plant = demoProfile('plant');
    expect(labels({ ...plant, roles: [...plant.roles, 'Rtl_Admin'] })).not.toContain('Admin');
  });

  it('internal users have no My Account', () => {
    expect(labels(demoProfile('internal'))).toEqual(['Support', 'Device status', "What's new?", 'Logout']);
  });

  it('Retailer Management, Options Admin and Quote Approvals by role, opening the configured outside URL', () => {
    const user = {
      ...demoProfile('service'),
      roles: ['Service_User', 'RetailerManagement', 'MyCustomHomes_Admin', 'MyCustomHomes_OverrideApprover'],
    };
    const entries = headerMenuEntries(user, {
      'Retailer Management': 'https://rm.example.com/',
      'Quote Approvals': 'https://mch.example.com/approvals',
    });
    expect(entries.map((entry) => entry.label)).toEqual([
      'My Account',
      'Support',
      'Device status',
      "What's new?",
      'Retailer Management',
      'Options Admin',
      'Quote Approvals',
      'Logout',
    ]);
    expect(entries.filter((entry) => entry.kind === 'external')).toEqual([
      { kind: 'external', label: 'Retailer Management', href: 'https://rm.example.com/' },
      { kind: 'external', label: 'Options Admin', href: undefined },
      { kind: 'external', label: 'Quote Approvals', href: 'https://mch.example.com/approvals' },
    ]);
    expect(labels({ ...user, roles: ['MyCustomHomes_Quote_Approver'] })).toContain('Quote Approvals');
    expect(labels({ ...user, roles: ['MyCustomHomes_ApproverOverride'] })).not.toContain('Quote Approvals');
  });

  it('in-app items point at their routes', () => {
    const entries = headerMenuEntries(demoProfile('plant'), {});
    expect(entries.filter((entry) => entry.kind === 'route').map((entry) => [entry.label, 'href' in entry ? entry.href : ''])).toEqual([
      ['My Account', '/myAccount'],
      ['Parts Catalog Admin', '/admin/partsCatalog'],
      ['Parts Catalog Change Management', '/admin/partsCatalog/changeManagement'],
      ['Support', '/support'],
      ['Device status', '/device-status'],
    ]);
  });
});

describe('retail center search (spec 1 §2)', () => {
  const retailer = (retailerNumber: string, name: string, retailerCity: string): Retailer => ({
    retailerNumber,
    name,
    retailerCity,
    retailerType: retailerNumber.endsWith('0') ? 'C' : 'I',
    webEnabled: true,
  });
  const centers = [
    retailer('4217', 'Smoky Mountain Homes', 'Knoxville'),
    retailer('4218', 'Smoky Mountain Homes', 'Maryville'),
    retailer('7740', 'HomeSite Home Center', 'Lenoir City'),
    retailer('5123', 'Blue Ridge Housing', 'Asheville'),
  ];

  it('shows a center by name, with the city unless its number ends in 0', () => {
    expect(centers.map(retailCenterLabel)).toEqual([
      'Smoky Mountain Homes - Knoxville',
      'Smoky Mountain Homes - Maryville',
      'HomeSite Home Center',
      'Blue Ridge Housing - Asheville',
    ]);
  });

  it('filters over all centers by name, city or number, every word', () => {
    expect(matchingRetailCenters(centers, '')).toEqual(centers);
    expect(matchingRetailCenters(centers, 'maryville').map((c) => c.retailerNumber)).toEqual(['4218']);
    expect(matchingRetailCenters(centers, 'smoky knox').map((c) => c.retailerNumber)).toEqual(['4217']);
    expect(matchingRetailCenters(centers, '7740').map((c) => c.retailerNumber)).toEqual(['7740']);
    expect(matchingRetailCenters(centers, 'lenoir').map((c) => c.retailerNumber)).toEqual(['7740']);
    expect(matchingRetailCenters(centers, 'nowhere')).toEqual([]);
  });
});
