/** spec 1 §2: shown while the user's information loads. index.html carries the same markup for the first paint. */
export const LOADING_MESSAGE = 'Please wait while we load your information';

export function LoadingSplash() {
  return (
    <div className="splash" role="status" aria-live="polite">
      <div className="splash__spinner" aria-hidden="true" />
      <p className="splash__text">{LOADING_MESSAGE}</p>
    </div>
  );
}
