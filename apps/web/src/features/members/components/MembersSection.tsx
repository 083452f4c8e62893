import {
  projectRoleLabels,
  projectRoles,
  type ProjectMember,
  type ProjectRole,
} from '@clearroom/contracts';
import PersonAddAlt1Outlined from '@mui/icons-material/PersonAddAlt1Outlined';
import PersonRemoveOutlined from '@mui/icons-material/PersonRemoveOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { errorMessage } from '../../../api/baseQuery';
import { formatDate } from '../../../components/formatDate';
import { useToast } from '../../../components/toast/useToast';
import { useCurrentUser } from '../../auth/hooks/useCurrentUser';
import { RoleBadge } from '../../projects/components/RoleBadge';
import {
  useAddMemberMutation,
  useChangeMemberRoleMutation,
  useGetMembersQuery,
} from '../api/membersApi';
import { RemoveMemberDialog } from './RemoveMemberDialog';

/** What each role may do, shown beside the role picker. */
export const roleDescriptions: Record<ProjectRole, string> = {
  owner: 'Everything, including members and deleting the project',
  editor: 'Uploads and deletes documents, edits deal details, runs reviews and AI Extract',
  viewer: 'Reads documents and results, asks questions, exports',
};

/**
 * The 'Members' section of the settings page (issue 17): owners add people by username with a
 * role, change roles and remove members; everyone else sees the list read-only.
 */
export function MembersSection({ projectId }: { projectId: number }) {
  const { data, isLoading, isError, error, refetch } = useGetMembersQuery(projectId);
  const { user } = useCurrentUser();
  const [removal, setRemoval] = useState<{ member: ProjectMember; open: boolean } | null>(null);
  const canManage = data?.role === 'owner';

  return (
    <Card component="section" aria-labelledby="members-title">
      <CardHeader
        title="Members"
        subheader={
          data && !canManage
            ? "Only the project's owners can add or remove members and change roles."
            : 'People who can open this project, and what their role lets them do.'
        }
        slotProps={{ title: { id: 'members-title', component: 'h2', variant: 'h6' } }}
      />
      <CardContent sx={{ pt: 0 }}>
        {isLoading ? (
          <Box role="status" aria-label="Loading members" sx={{ py: 3, textAlign: 'center' }}>
            <CircularProgress size={28} aria-hidden />
          </Box>
        ) : isError || !data ? (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={() => void refetch()}>
                Retry
              </Button>
            }
          >
            {errorMessage(error, 'Could not load the members')}
          </Alert>
        ) : (
          <>
            {canManage && <AddMemberForm projectId={projectId} />}
            <Table size="small" aria-label="Project members">
              <TableHead>
                <TableRow>
                  <TableCell>Member</TableCell>
                  <TableCell sx={{ width: 180 }}>Role</TableCell>
                  <TableCell sx={{ width: 112, display: { xs: 'none', sm: 'table-cell' } }}>
                    Added
                  </TableCell>
                  {canManage && (
                    <TableCell align="right" sx={{ width: 72 }}>
                      Actions
                    </TableCell>
                  )}
                </TableRow>
              </TableHead>
              <TableBody>
                {data.members.map((member) => (
                  <MemberRow
                    key={member.userId}
                    projectId={projectId}
                    member={member}
                    isSelf={member.userId === user?.id}
                    canManage={canManage}
                    onRemove={() => setRemoval({ member, open: true })}
                  />
                ))}
              </TableBody>
            </Table>
          </>
        )}
      </CardContent>
      {removal && (
        <RemoveMemberDialog
          projectId={projectId}
          member={removal.member}
          open={removal.open}
          onClose={() => setRemoval({ ...removal, open: false })}
        />
      )}
    </Card>
  );
}

function AddMemberForm({ projectId }: { projectId: number }) {
  const [username, setUsername] = useState('');
  const [role, setRole] = useState<ProjectRole>('viewer');
  const [addMember, { isLoading }] = useAddMemberMutation();
  const { toast } = useToast();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isLoading) return;
    const trimmed = username.trim();
    if (!trimmed) {
      toast({
        title: 'Username required',
        description: 'Enter the username of the person to add.',
        variant: 'destructive',
      });
      return;
    }
    try {
      const { member } = await addMember({ projectId, username: trimmed, role }).unwrap();
      setUsername('');
      toast({
        title: 'Member added',
        description: `${member.username} can now open this project as ${projectRoleLabels[member.role].toLowerCase()}.`,
        variant: 'success',
      });
    } catch (failure) {
      toast({
        title: 'Could not add member',
        description: errorMessage(failure, 'Failed to add the member. Please try again.'),
        variant: 'destructive',
      });
    }
  };

  return (
    <Box
      component="form"
      aria-label="Add a member"
      onSubmit={(event) => void submit(event)}
      sx={{
        display: 'flex',
        gap: 2,
        flexDirection: { xs: 'column', sm: 'row' },
        alignItems: { sm: 'flex-start' },
        mb: 2,
      }}
    >
      <TextField
        id="add-member-username"
        label="Username"
        name="username"
        value={username}
        onChange={(event) => setUsername(event.target.value)}
        disabled={isLoading}
        autoComplete="off"
        size="small"
        sx={{ flexGrow: 1 }}
      />
      <TextField
        id="add-member-role"
        select
        label="Role"
        value={role}
        onChange={(event) => setRole(event.target.value as ProjectRole)}
        disabled={isLoading}
        size="small"
        helperText={roleDescriptions[role]}
        sx={{ minWidth: 200, maxWidth: { sm: 260 } }}
      >
        {projectRoles.map((option) => (
          <MenuItem key={option} value={option}>
            {projectRoleLabels[option]}
          </MenuItem>
        ))}
      </TextField>
      <Button
        type="submit"
        variant="contained"
        startIcon={<PersonAddAlt1Outlined />}
        disabled={isLoading}
        sx={{ flexShrink: 0, mt: { sm: 0.25 } }}
      >
        {isLoading ? 'Adding...' : 'Add Member'}
      </Button>
    </Box>
  );
}

type MemberRowProps = {
  projectId: number;
  member: ProjectMember;
  isSelf: boolean;
  canManage: boolean;
  onRemove: () => void;
};

function MemberRow({ projectId, member, isSelf, canManage, onRemove }: MemberRowProps) {
  const [changeRole, { isLoading }] = useChangeMemberRoleMutation();
  const { toast } = useToast();

  const change = async (role: ProjectRole) => {
    if (role === member.role) return;
    try {
      await changeRole({ projectId, userId: member.userId, role }).unwrap();
      toast({
        title: 'Role changed',
        description: `${member.username} is now ${projectRoleLabels[role].toLowerCase()}.`,
        variant: 'success',
      });
    } catch (failure) {
      toast({
        title: 'Could not change role',
        description: errorMessage(failure, 'Failed to change the role. Please try again.'),
        variant: 'destructive',
      });
    }
  };

  return (
    <TableRow>
      <TableCell sx={{ overflowWrap: 'anywhere' }}>
        {member.username}
        {isSelf && (
          <Typography component="span" color="text.secondary">
            {' '}
            (you)
          </Typography>
        )}
      </TableCell>
      <TableCell>
        {canManage ? (
          <TextField
            select
            size="small"
            value={member.role}
            onChange={(event) => void change(event.target.value as ProjectRole)}
            disabled={isLoading}
            slotProps={{ htmlInput: { 'aria-label': `Role of ${member.username}` } }}
            sx={{ minWidth: 120 }}
          >
            {projectRoles.map((option) => (
              <MenuItem key={option} value={option}>
                {projectRoleLabels[option]}
              </MenuItem>
            ))}
          </TextField>
        ) : (
          <RoleBadge role={member.role} />
        )}
      </TableCell>
      <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
        {formatDate(member.addedAt)}
      </TableCell>
      {canManage && (
        <TableCell align="right">
          <Tooltip title="Remove" disableInteractive>
            <IconButton aria-label={`Remove ${member.username}`} onClick={onRemove}>
              <PersonRemoveOutlined fontSize="small" />
            </IconButton>
          </Tooltip>
        </TableCell>
      )}
    </TableRow>
  );
}
