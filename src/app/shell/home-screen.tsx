import type { CmhUser } from '../../contract';
import { TermsModal } from '../../features/session/components/terms-modal';
import { TileGrid } from './tile-grid';
import { useNavigationTiles } from './use-navigation-tiles';

/** spec 1 §2 Home: the tiles of the user's roles (spec 1 §6) and the terms-of-use gate. */
export function HomeScreen({ user }: { user: CmhUser }) {
  const { tiles, externalLinks, resolving } = useNavigationTiles(user);

  return (
    <div className="page">
      <h1 className="page__title">Welcome, {user.firstName}</h1>
      {resolving ? (
        <p className="page__loading" role="status">
          Loading your apps…
        </p>
      ) : (
        <TileGrid tiles={tiles} externalLinks={externalLinks} />
      )}
      <TermsModal user={user} />
    </div>
  );
}
