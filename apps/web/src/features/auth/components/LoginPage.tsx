import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Navigate, Link as RouterLink, useNavigate } from 'react-router';
import { errorMessage } from '../../../api/baseQuery';
import { BrandMark } from '../../../components/BrandMark';
import { PageLoading } from '../../../components/PageLoading';
import { useToast } from '../../../components/toast/useToast';
import { useLoginMutation, useRegisterMutation } from '../api/authApi';
import { useCurrentUser } from '../hooks/useCurrentUser';

type Mode = 'login' | 'register';

/** Spec §2: after a successful sign-in the dashboard opens after about 100 ms. */
export const LOGIN_REDIRECT_DELAY_MS = 100;

export function LoginPage() {
  const { user, isLoading: userLoading } = useCurrentUser();
  const [mode, setMode] = useState<Mode>('login');
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

  if (userLoading) return <PageLoading />;
  // Already signed in (and not just now, through this form): go straight to the dashboard.
  if (user && !succeeded && !submitting) return <Navigate to="/dashboard" replace />;

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
    <Box
      component="main"
      sx={{
        minHeight: '100vh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        p: 2,
        bgcolor: 'background.default',
      }}
    >
      <Card sx={{ width: '100%', maxWidth: 420 }}>
        <CardContent sx={{ p: { xs: 3, sm: 4 } }}>
          <Stack spacing={1} sx={{ alignItems: 'center', mb: 3 }}>
            <Box
              component={RouterLink}
              to="/"
              aria-label="Clearroom home"
              sx={{ display: 'inline-flex' }}
            >
              <BrandMark size={40} />
            </Box>
            <Typography variant="h5" component="h1">
              {isLogin ? 'Sign In' : 'Create Account'}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center' }}>
              {isLogin
                ? 'Sign in to your Clearroom workspace.'
                : 'Create an account on this Clearroom server.'}
            </Typography>
          </Stack>
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
        </CardContent>
      </Card>
    </Box>
  );
}
