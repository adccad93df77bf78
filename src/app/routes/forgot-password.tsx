import { createFileRoute } from '@tanstack/react-router';
import { ForgotPasswordScreen } from '../../features/session/components/forgot-password-screen';

/** Asks for a password reset link by user name (issue 29); linked from the login screen. */
export const Route = createFileRoute('/forgot-password')({
  staticData: { title: 'Forgot password' },
  component: ForgotPasswordScreen,
});
