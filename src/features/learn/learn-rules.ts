import type { LearnCategory, LearnSubCategory } from '../../contract';
import { deriveFlags, type PermissionSubject } from '../../lib/permissions';

/** spec 3 §2: the sub-category page's title. */
export const subCategoryTitle = (subCategory: Pick<LearnSubCategory, 'displayName'>) => `Learn - ${subCategory.displayName}`;

export const EBUILT_PATH = '/learn/ebuilt';

export interface ELearningLink {
  /** The name a deployment gives its URL under in EXTERNAL_LINKS (README), like the home tiles'. */
  name: 'Customer Experience E-Learning' | 'Energy Credits E-Learning';
  description: string;
}

/**
 * spec 3 §2, §6 and spec 1 §6: the e-learning links, each only with its view permission — customer-experience
 * e-learning for plant users and for users who are neither plant nor internal; energy-credits e-learning for plant
 * users only.
 */
export function eLearningLinks(user: PermissionSubject): ELearningLink[] {
  const flags = deriveFlags(user);
  const links: ELearningLink[] = [];
  if (flags.canViewCustomerExperienceLearning) {
    links.push({
      name: 'Customer Experience E-Learning',
      description: 'Courses on the homebuying experience: from the first visit to the delivery walk-through.',
    });
  }
  if (flags.canViewEnergyCreditsLearning) {
    links.push({
      name: 'Energy Credits E-Learning',
      description: 'How energy-efficient homes qualify for energy credits and what the plant records for them.',
    });
  }
  return links;
}

export type SubCategoryLookup = { status: 'found'; category: LearnCategory; subCategory: LearnSubCategory } | { status: 'not-found' };

/** The sub-category of a /learn/{categoryId}/{subCategoryId} address; anything not in the list (or not a number) is not found. */
export function findSubCategory(categories: readonly LearnCategory[], categoryId: string, subCategoryId: string): SubCategoryLookup {
  const category = categories.find((candidate) => String(candidate.categoryId) === categoryId);
  const subCategory = category?.subCategories.find((candidate) => String(candidate.subCategoryId) === subCategoryId);
  return category && subCategory ? { status: 'found', category, subCategory } : { status: 'not-found' };
}

export const documentCountLabel = (count: number) => (count === 1 ? '1 document' : `${count} documents`);

export const subCategoryPath = (category: Pick<LearnCategory, 'categoryId'>, subCategory: Pick<LearnSubCategory, 'subCategoryId'>) =>
  `/learn/${category.categoryId}/${subCategory.subCategoryId}`;
