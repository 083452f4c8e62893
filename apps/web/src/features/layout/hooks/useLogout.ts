import { useNavigate } from 'react-router';
import { errorMessage } from '../../../api/baseQuery';
import { useToast } from '../../../components/toast/useToast';
import { useLogoutMutation } from '../../auth/api/authApi';

export function useLogout() {
  const [logoutMutation, { isLoading }] = useLogoutMutation();
  const { toast } = useToast();
  const navigate = useNavigate();

  const logout = async () => {
    try {
      await logoutMutation().unwrap();
      toast({
        title: 'Logout successful',
        description: 'You have been successfully logged out.',
        variant: 'success',
      });
      await navigate('/login', { replace: true });
    } catch (error) {
      toast({
        title: 'Logout failed',
        description: errorMessage(error, 'Could not complete logout'),
        variant: 'destructive',
      });
    }
  };

  return { logout, isLoggingOut: isLoading };
}
