/** A read that failed: why, and Try again where trying again may help. */
export function LoadFailure({ message, retry }: { message: string; retry?: () => void }) {
  return (
    <div className="notice notice--warning load-failure" role="alert">
      <p>{message}</p>
      {retry && (
        <button type="button" className="button" onClick={retry}>
          Try again
        </button>
      )}
    </div>
  );
}
