import { useId, type ReactNode } from 'react';
import { PRODUCT_NAME } from '../../../lib/constants';

/** The card of the pages before sign-in (login, forgot password, set password): the brand, a title, then the page. */
export function LoginCard({ title, children }: { title: ReactNode; children: ReactNode }) {
  const titleId = useId();
  return (
    <main className="login-page">
      <section className="login-card" aria-labelledby={titleId}>
        <div className="brand brand--large" aria-hidden="true">
          <span className="brand__mark">H</span>
          <span className="brand__name">{PRODUCT_NAME}</span>
        </div>
        <h1 id={titleId} className="login-card__title">
          {title}
        </h1>
        {children}
      </section>
    </main>
  );
}
