import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { errorMessage } from '../../../api/baseQuery';
import { PageLoading } from '../../../components/PageLoading';
import { useToast } from '../../../components/toast/useToast';
import { useGetAuthModeQuery, useLoginMutation, useRegisterMutation } from '../api/authApi';
import { useCurrentUser } from '../hooks/useCurrentUser';
import { AuthCard } from './AuthCard';
import { SingleSignOn } from './SingleSignOn';

type Mode = 'login' | 'register';

/** Spec §2: after a successful sign-in the dashboard opens after about 100 ms. */
export const LOGIN_REDIRECT_DELAY_MS = 100;

export function LoginPage() {
  const { user, isLoading: userLoading } = useCurrentUser();
  // Unknown mode (the call failed): the password form, as before single sign-on existed.
  const { data: authMode = 'local', isLoading: modeLoading } = useGetAuthModeQuery();
  // '?mode=register' (the landing page's Get Started) opens it in Create Account mode.
  const [searchParams] = useSearchParams();
  const [mode, setMode] = useState<Mode>(() =>
    searchParams.get('mode') === 'register' ? 'register' : 'login',
  );
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [succeeded, setSucceeded] = useState(false);
  const [login, { isLoading: loggingIn }] = useLoginMutation();
  const [register, { isLoading: registering }] = useRegisterMutation();
  const { toast } = useToast();
  const navigate = useNavigate();
  const redirectTimer = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(redirectTimer.current), []);

  const submitting = loggingIn || registering;

  if (userLoading || modeLoading) return <PageLoading />;
  // Already signed in (and not just now, through this form): go straight to the dashboard.
  if (user && !succeeded && !submitting) return <Navigate to="/dashboard" replace />;
  if (authMode === 'oidc') return <SingleSignOn />;

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    const name = username.trim();
    if (!name || !password.trim()) {
      toast({
        title: 'Error',
        description: 'Please enter both username and password',
        variant: 'destructive',
      });
      return;
    }
    try {
      if (mode === 'login') {
        await login({ username: name, password }).unwrap();
        toast({
          title: 'Login successful',
          description: 'You have been successfully logged in.',
          variant: 'success',
        });
      } else {
        await register({ username: name, password }).unwrap();
        toast({
          title: 'Registration successful',
          description: 'Your account has been created and you are now logged in.',
          variant: 'success',
        });
      }
      setSucceeded(true);
      redirectTimer.current = window.setTimeout(() => {
        void navigate('/dashboard');
      }, LOGIN_REDIRECT_DELAY_MS);
    } catch (error) {
      if (mode === 'login') {
        toast({
          title: 'Login failed',
          description: errorMessage(error, 'Invalid username or password'),
          variant: 'destructive',
        });
      } else {
        toast({
          title: 'Registration failed',
          description: errorMessage(error, 'Could not create account'),
          variant: 'destructive',
        });
      }
    }
  };

  const isLogin = mode === 'login';
  const submitLabel = isLogin
    ? submitting
      ? 'Signing in...'
      : 'Sign In'
    : submitting
      ? 'Creating account...'
      : 'Create Account';

  return (
    <AuthCard
      title={isLogin ? 'Sign In' : 'Create Account'}
      subtitle={
        isLogin
          ? 'Sign in to your Clearroom workspace.'
          : 'Create an account on this Clearroom server.'
      }
    >
      <Box component="form" onSubmit={(event) => void handleSubmit(event)}>
        <Stack spacing={2}>
          <TextField
            label="Username"
            name="username"
            value={username}
            onChange={(event) => setUsername(event.target.value)}
            autoComplete="username"
            required
            autoFocus
          />
          <TextField
            label="Password"
            name="password"
            type="password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            autoComplete={isLogin ? 'current-password' : 'new-password'}
            required
          />
          <Button type="submit" variant="contained" size="large" disabled={submitting}>
            {submitLabel}
          </Button>
        </Stack>
      </Box>
      <Typography variant="body2" sx={{ mt: 3, textAlign: 'center' }}>
        {isLogin ? "Don't have an account? " : 'Already have an account? '}
        <Link
          component="button"
          type="button"
          variant="body2"
          onClick={() => setMode(isLogin ? 'register' : 'login')}
          disabled={submitting}
        >
          {isLogin ? 'Create Account' : 'Sign In'}
        </Link>
      </Typography>
    </AuthCard>
  );
}
