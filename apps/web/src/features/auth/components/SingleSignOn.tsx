import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { AuthCard } from './AuthCard';

/** Where the server starts single sign-on (it redirects to the identity provider). */
export const SSO_LOGIN_PATH = '/api/auth/oidc/login';

/**
 * Sign-in when the server uses single sign-on. A plain link, not a form: the page's CSP allows
 * forms to post only to this site, and the server answers with a redirect to the provider.
 */
export function SingleSignOn() {
  return (
    <AuthCard title="Sign In" subtitle="Sign in with your organisation's account.">
      <Button href={SSO_LOGIN_PATH} variant="contained" size="large" fullWidth>
        Sign in with SSO
      </Button>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 3, textAlign: 'center' }}>
        Accounts are managed by your organisation's identity provider. To get access, ask your
        administrator.
      </Typography>
    </AuthCard>
  );
}
