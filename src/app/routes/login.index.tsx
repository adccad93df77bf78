import { createFileRoute } from '@tanstack/react-router';
import { clearSignIn } from '../../features/session/session';
import { LoginScreen } from '../../features/session/components/login-screen';
import { LoginSearch } from '../search-params';

export const Route = createFileRoute('/login/')({
  validateSearch: LoginSearch,
  staticData: { title: 'Login' },
  // spec 1 §2 Login: opening the login screen clears the stored token and profile.
  beforeLoad: ({ context, preload }) => {
    if (!preload) clearSignIn(context.queryClient);
  },
  component: function LoginRoute() {
    const { returnUrl } = Route.useSearch();
    return <LoginScreen expired={false} returnUrl={returnUrl} />;
  },
});
