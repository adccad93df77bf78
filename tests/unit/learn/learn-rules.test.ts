import { describe, expect, it } from 'vitest';
import type { LearnCategory } from '../../../src/contract';
import {
  documentCountLabel,
  eLearningLinks,
  findSubCategory,
  subCategoryPath,
  subCategoryTitle,
} from '../../../src/features/learn/learn-rules';
import { demoProfile } from '../fixtures/demo-profiles';

const names = (key: Parameters<typeof demoProfile>[0]) => eLearningLinks(demoProfile(key)).map((link) => link.name);

describe('e-learning links by permission (spec 3 §6, spec 1 §6)', () => {
  it('plant users see both: customer experience and energy credits', () => {
    expect(names('plant')).toEqual(['Customer Experience E-Learning', 'Energy Credits E-Learning']);
  });

  it('retailer users (neither plant nor internal) see customer experience only', () => {
    for (const key of ['admin', 'service', 'viewer', 'sales', 'company', 'driver'] as const)
      expect(names(key), key).toEqual(['Customer Experience E-Learning']);
  });

  it('internal users who are not plant users see none', () => {
    expect(names('internal')).toEqual([]);
  });

  it('an internal plant user sees both (plant users always do)', () => {
    expect(eLearningLinks({ ...demoProfile('internal'), isPlantUser: true }).map((link) => link.name)).toEqual([
      'Customer Experience E-Learning',
      'Energy Credits E-Learning',
    ]);
  });
});

const document = (documentId: number, subCategoryId: number) => ({
  documentId,
  subCategoryId,
  fileName: `doc-${documentId}.pdf`,
  fileType: 'pdf',
  displayName: `Document ${documentId}`,
  contentType: 'application/pdf',
  size: 1000,
  etag: `e${documentId}`,
  updatedAt: '2026-01-01T00:00:00.000Z',
});

const library: LearnCategory[] = [
  {
    categoryId: 1,
    displayName: 'Installation and Setup',
    subCategories: [{ subCategoryId: 11, displayName: 'Foundations', documents: [document(1, 11), document(2, 11)] }],
  },
  {
    categoryId: 2,
    displayName: 'Homeowner Care',
    subCategories: [{ subCategoryId: 21, displayName: 'Warranty', documents: [document(3, 21)] }],
  },
];

describe('the sub-category of an address (spec 3 §2, §8: a missing one must not fail)', () => {
  it('finds a sub-category under its own category', () => {
    const found = findSubCategory(library, '2', '21');
    expect(found).toMatchObject({ status: 'found', category: { displayName: 'Homeowner Care' }, subCategory: { displayName: 'Warranty' } });
  });

  it('is not found for an unknown category, an unknown sub-category, a sub-category of another category, or ids that are not numbers', () => {
    expect(findSubCategory(library, '9', '11')).toEqual({ status: 'not-found' });
    expect(findSubCategory(library, '1', '99')).toEqual({ status: 'not-found' });
    expect(findSubCategory(library, '1', '21')).toEqual({ status: 'not-found' });
    expect(findSubCategory(library, 'abc', '11')).toEqual({ status: 'not-found' });
    expect(findSubCategory([], '1', '11')).toEqual({ status: 'not-found' });
  });

  it("titles the page 'Learn - {sub-category name}' and links to it by ids", () => {
    expect(subCategoryTitle({ displayName: 'Foundations' })).toBe('Learn - Foundations');
    expect(subCategoryPath(library[0]!, library[0]!.subCategories[0]!)).toBe('/learn/1/11');
  });

  it('counts documents in words', () => {
    expect(documentCountLabel(1)).toBe('1 document');
    expect(documentCountLabel(3)).toBe('3 documents');
    expect(documentCountLabel(0)).toBe('0 documents');
  });
});
