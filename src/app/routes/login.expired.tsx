import { createFileRoute } from '@tanstack/react-router';
import { clearSignIn } from '../../features/session/session';
import { LoginScreen } from '../../features/session/components/login-screen';
import { LoginSearch } from '../search-params';

/** spec 1 §2, §8: where a 401 sends the user; the same template as /login. */
export const Route = createFileRoute('/login/expired')({
  validateSearch: LoginSearch,
  staticData: { title: 'Login' },
  beforeLoad: ({ context, preload }) => {
    if (!preload) clearSignIn(context.queryClient);
  },
  component: function LoginExpiredRoute() {
    const { returnUrl } = Route.useSearch();
    return <LoginScreen expired returnUrl={returnUrl} />;
  },
});
