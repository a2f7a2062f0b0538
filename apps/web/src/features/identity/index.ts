// What other features use of identity: the signed-in state and the sign-out button.
export { useAuth } from './auth-context';
export { SignOutButton } from './sign-out-button';
