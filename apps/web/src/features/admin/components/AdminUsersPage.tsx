import type { AdminUser, User } from '@clearroom/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { errorMessage } from '../../../api/baseQuery';
import { formatDate } from '../../../components/formatDate';
import { PageLoading } from '../../../components/PageLoading';
import { useToast } from '../../../components/toast/useToast';
import { describeActivity, formatDateTime } from '../../activity/activityFormat';
import { useCurrentUser } from '../../auth/hooks/useCurrentUser';
import {
  useGetAdminUsersQuery,
  useGetDeletedProjectsQuery,
  useUpdateAdminUserMutation,
  type UpdateUserArgs,
} from '../api/adminApi';

/**
 * /admin/users — the instance's accounts, for administrators (issue 17): disable and re-enable
 * them, grant or withdraw administration (local accounts; with single sign-on the realm role
 * decides). Administrators manage accounts; they read no project they are not a member of.
 */
export function AdminUsersPage() {
  const { user } = useCurrentUser();
  if (!user) return <PageLoading fullScreen={false} />;
  return (
    <Box sx={{ maxWidth: 1100, mx: 'auto' }}>
      <Typography variant="h4" component="h1">
        Users
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        Everyone with an account on this Clearroom
      </Typography>
      {user.isAdmin ? (
        <Stack spacing={3}>
          <UsersCard currentUser={user} />
          <DeletedProjectsCard />
        </Stack>
      ) : (
        <Alert severity="info" role="note">
          Only administrators can manage users.
        </Alert>
      )}
    </Box>
  );
}

function UsersCard({ currentUser }: { currentUser: User }) {
  const { data: users, isLoading, isError, error, refetch } = useGetAdminUsersQuery();
  const [updateUser] = useUpdateAdminUserMutation();
  const [pendingId, setPendingId] = useState<number | null>(null);
  const [disabling, setDisabling] = useState<{ user: AdminUser; open: boolean } | null>(null);
  const { toast } = useToast();

  const update = async (target: AdminUser, changes: UpdateUserArgs['changes'], done: string) => {
    setPendingId(target.id);
    try {
      await updateUser({ id: target.id, changes }).unwrap();
      toast({ title: 'User updated', description: done, variant: 'success' });
    } catch (failure) {
      toast({
        title: 'Update failed',
        description: errorMessage(failure, 'Failed to update the user. Please try again.'),
        variant: 'destructive',
      });
    } finally {
      setPendingId(null);
    }
  };

  return (
    <Card component="section" aria-labelledby="users-title">
      <CardHeader
        title="Accounts"
        slotProps={{ title: { id: 'users-title', component: 'h2', variant: 'h6' } }}
      />
      {isLoading ? (
        <PageLoading fullScreen={false} />
      ) : isError || !users ? (
        <CardContent>
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={() => void refetch()}>
                Try Again
              </Button>
            }
          >
            {errorMessage(error, 'Could not load the users')}
          </Alert>
        </CardContent>
      ) : (
        <TableContainer>
          <Table size="small" aria-label="Users">
            <TableHead>
              <TableRow>
                <TableCell>Username</TableCell>
                <TableCell>Sign-in</TableCell>
                <TableCell>Role</TableCell>
                <TableCell align="right">Projects</TableCell>
                <TableCell>Created</TableCell>
                <TableCell>Status</TableCell>
                <TableCell align="right">Actions</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {users.map((account) => {
                const self = account.id === currentUser.id;
                const busy = pendingId === account.id;
                return (
                  <TableRow key={account.id} hover>
                    <TableCell sx={{ overflowWrap: 'anywhere' }}>
                      {account.username}
                      {self && (
                        <Typography component="span" color="text.secondary">
                          {' '}
                          (you)
                        </Typography>
                      )}
                    </TableCell>
                    <TableCell>{account.source === 'local' ? 'Local' : 'Single sign-on'}</TableCell>
                    <TableCell>{account.isAdmin ? 'Administrator' : 'User'}</TableCell>
                    <TableCell align="right">{account.projectCount}</TableCell>
                    <TableCell>{formatDate(account.createdAt)}</TableCell>
                    <TableCell>
                      <Chip
                        size="small"
                        label={account.disabled ? 'Disabled' : 'Active'}
                        color={account.disabled ? 'default' : 'success'}
                        variant={account.disabled ? 'outlined' : 'filled'}
                      />
                    </TableCell>
                    <TableCell align="right">
                      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
                        {account.source === 'local' && !self && (
                          <Button
                            size="small"
                            disabled={busy}
                            aria-label={`${account.isAdmin ? 'Remove administrator' : 'Make administrator'}: ${account.username}`}
                            onClick={() =>
                              void update(
                                account,
                                { admin: !account.isAdmin },
                                account.isAdmin
                                  ? `${account.username} is no longer an administrator.`
                                  : `${account.username} is now an administrator.`,
                              )
                            }
                          >
                            {account.isAdmin ? 'Remove administrator' : 'Make administrator'}
                          </Button>
                        )}
                        {!self &&
                          (account.disabled ? (
                            <Button
                              size="small"
                              variant="outlined"
                              disabled={busy}
                              aria-label={`Re-enable ${account.username}`}
                              onClick={() =>
                                void update(
                                  account,
                                  { disabled: false },
                                  `${account.username} can sign in again.`,
                                )
                              }
                            >
                              Re-enable
                            </Button>
                          ) : (
                            <Button
                              size="small"
                              variant="outlined"
                              color="error"
                              disabled={busy}
                              aria-label={`Disable ${account.username}`}
                              onClick={() => setDisabling({ user: account, open: true })}
                            >
                              Disable
                            </Button>
                          ))}
                      </Stack>
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {disabling && (
        <Dialog
          open={disabling.open}
          onClose={() => setDisabling({ ...disabling, open: false })}
          aria-labelledby="disable-user-title"
          aria-describedby="disable-user-description"
        >
          <DialogTitle id="disable-user-title">Disable this account?</DialogTitle>
          <DialogContent>
            <DialogContentText id="disable-user-description" sx={{ overflowWrap: 'anywhere' }}>
              &ldquo;{disabling.user.username}&rdquo; is signed out everywhere at once and
              can&apos;t sign in until the account is re-enabled. Their projects and documents stay.
            </DialogContentText>
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setDisabling({ ...disabling, open: false })}>Cancel</Button>
            <Button
              color="error"
              variant="contained"
              onClick={() => {
                setDisabling({ ...disabling, open: false });
                void update(
                  disabling.user,
                  { disabled: true },
                  `${disabling.user.username} can no longer sign in.`,
                );
              }}
            >
              Disable
            </Button>
          </DialogActions>
        </Dialog>
      )}
    </Card>
  );
}

/** Tombstones of deleted projects: who deleted which project, when, with how many documents. */
function DeletedProjectsCard() {
  const { data, isError, error } = useGetDeletedProjectsQuery();
  return (
    <Card component="section" aria-labelledby="deleted-projects-title">
      <CardHeader
        title="Deleted projects"
        slotProps={{ title: { id: 'deleted-projects-title', component: 'h2', variant: 'h6' } }}
      />
      <CardContent sx={{ pt: 0 }}>
        {isError ? (
          <Alert severity="error">
            {errorMessage(error, 'Could not load the deleted projects')}
          </Alert>
        ) : !data ? (
          <PageLoading fullScreen={false} />
        ) : data.entries.length === 0 ? (
          <Typography color="text.secondary">No project has been deleted.</Typography>
        ) : (
          <Table size="small" aria-label="Deleted projects">
            <TableHead>
              <TableRow>
                <TableCell>Project</TableCell>
                <TableCell>Deleted by</TableCell>
                <TableCell>When</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {data.entries.map((entry) => (
                <TableRow key={entry.id}>
                  <TableCell sx={{ overflowWrap: 'anywhere' }}>
                    {describeActivity(entry) ?? `Project ${entry.projectId}`}
                  </TableCell>
                  <TableCell>{entry.actor?.username ?? '—'}</TableCell>
                  <TableCell>{formatDateTime(entry.at)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}
