import { useMemo } from 'react';
import type { CmhUser } from '../../../contract';
import { readExternalLinks } from '../../../lib/config';
import { useOnline } from '../../../offline/use-connection';
import { PathLink } from '../../../ui/path-link';
import { useLearnReferences } from '../api/references';
import { documentCountLabel, EBUILT_PATH, eLearningLinks, subCategoryPath } from '../learn-rules';
import { LibraryStatus } from './library-status';
import '../learn.css';

/** An e-learning course outside this product: the URL the deployment configured, or shown disabled without one. */
function ELearningItem({ name, description, url }: { name: string; description: string; url: string | undefined }) {
  return (
    <li className="learn-link">
      {url ? (
        <a href={url} className="learn-link__name" target="_blank" rel="noopener noreferrer">
          {name} <span className="visually-hidden">(opens in a new tab)</span>
        </a>
      ) : (
        <span className="learn-link__name learn-link__name--disabled" aria-disabled="true">
          {name} <span className="learn-link__note">Not configured for this site</span>
        </span>
      )}
      <span className="learn-link__description">{description}</span>
    </li>
  );
}

/** /learn (spec 3 §2 Learn): manuals grouped by category, the e-learning links the user may view, and eBuilt. */
export function LearnScreen({ user }: { user: CmhUser }) {
  const references = useLearnReferences();
  const online = useOnline();
  const links = useMemo(readExternalLinks, []);
  const eLearning = eLearningLinks(user);
  const categories = references.data?.data;

  return (
    <div className="page learn-page">
      <h1 className="page__title">Learn</h1>
      <LibraryStatus read={references} online={online} />

      <section className="learn-section" aria-labelledby="learn-manuals-heading">
        <h2 id="learn-manuals-heading" className="learn-section__heading">
          Manuals
        </h2>
        {categories === undefined ? (
          references.isPending &&
          !references.isError &&
          references.fetchStatus !== 'paused' && <p className="learn-page__message">Loading the Learn library…</p>
        ) : categories.length === 0 ? (
          <p className="learn-page__message">There are no manuals yet.</p>
        ) : (
          <div className="learn-categories">
            {categories.map((category) => (
              <section key={category.categoryId} className="learn-category card" aria-labelledby={`learn-category-${category.categoryId}`}>
                <h3 id={`learn-category-${category.categoryId}`} className="learn-category__name">
                  {category.displayName}
                </h3>
                <ul className="stack-list">
                  {category.subCategories.map((subCategory) => (
                    <li key={subCategory.subCategoryId}>
                      <PathLink href={subCategoryPath(category, subCategory)} className="library-item learn-category__link">
                        <span>{subCategory.displayName}</span>
                        <span className="learn-category__count">{documentCountLabel(subCategory.documents.length)}</span>
                      </PathLink>
                    </li>
                  ))}
                </ul>
              </section>
            ))}
          </div>
        )}
      </section>

      {eLearning.length > 0 && (
        <section className="learn-section" aria-labelledby="learn-elearning-heading">
          <h2 id="learn-elearning-heading" className="learn-section__heading">
            E-Learning
          </h2>
          <ul className="stack-list">
            {eLearning.map((link) => (
              <ELearningItem key={link.name} name={link.name} description={link.description} url={links[link.name]} />
            ))}
          </ul>
        </section>
      )}

      <section className="learn-section" aria-labelledby="learn-ebuilt-heading">
        <h2 id="learn-ebuilt-heading" className="learn-section__heading">
          eBuilt
        </h2>
        <ul className="stack-list">
          <li className="learn-link">
            <PathLink href={EBUILT_PATH} className="learn-link__name">
              eBuilt home documentation
            </PathLink>
            <span className="learn-link__description">What the plant records about each home it builds, and how to ask for it.</span>
          </li>
        </ul>
      </section>
    </div>
  );
}
