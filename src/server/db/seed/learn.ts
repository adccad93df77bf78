import { createHash } from 'node:crypto';
import type { Database } from '../client';
import { insertRows } from './bulk';
import * as t from '../schema';
import { LEARN_LIBRARY, renderManual } from './learn-manuals';
import { daysBefore } from './days';
import type { Random } from './random';

/** The Learn library (spec 3 §2 Learn): the categories, sub-categories and manuals of learn-manuals.ts, in their order. */
export async function seedLearn(db: Database, random: Random, today: Date): Promise<Record<string, number>> {
  let subCategoryCount = 0;
  let documentCount = 0;
  for (const [categoryIndex, category] of LEARN_LIBRARY.entries()) {
    const [categoryRow] = await db
      .insert(t.learnCategories)
      .values({ displayName: category.displayName, position: categoryIndex })
      .returning({ id: t.learnCategories.id });
    const subCategoryRows = await db
      .insert(t.learnSubCategories)
      .values(
        category.subCategories.map((subCategory, position) => ({
          categoryId: categoryRow!.id,
          displayName: subCategory.displayName,
          position,
        })),
      )
      .returning({ id: t.learnSubCategories.id });
    subCategoryCount += subCategoryRows.length;

    const documents = await Promise.all(
      category.subCategories.flatMap((subCategory, subIndex) =>
        subCategory.manuals.map(async (manual, position) => {
          const data = await renderManual(manual, category.displayName);
          const updatedAt = daysBefore(today, random.int(20, 400));
          return {
            subCategoryId: subCategoryRows[subIndex]!.id,
            displayName: manual.displayName,
            fileName: manual.fileName,
            fileType: 'pdf',
            contentType: 'application/pdf',
            sizeBytes: data.byteLength,
            sha256: createHash('sha256').update(data).digest('hex'),
            data,
            position,
            createdAt: updatedAt,
            updatedAt,
          };
        }),
      ),
    );
    await insertRows(db, t.learnDocuments, documents);
    documentCount += documents.length;
  }
  return { learnCategories: LEARN_LIBRARY.length, learnSubCategories: subCategoryCount, learnDocuments: documentCount };
}
