import Add from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutlineOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { errorMessage } from '../../../api/baseQuery';
import { PageLoading } from '../../../components/PageLoading';
import { useToast } from '../../../components/toast/useToast';
import { formatDate } from '../../../components/formatDate';
import { ProjectGate } from '../../projects/components/ProjectGate';
import { projectPermissions } from '../../projects/projectPermissions';
import { useDeleteReviewMutation, useGetReviewsQuery } from '../api/reviewsApi';
import { progressLabel } from '../reviewFormat';

/** While a grid is filling, the list refreshes its progress this often. */
export const REVIEWS_REFRESH_MS = 2000;

function ProjectReviews({ projectId, canEdit }: { projectId: number; canEdit: boolean }) {
  const {
    data: reviews,
    isLoading,
    isError,
    error,
    refetch,
  } = useGetReviewsQuery(projectId, {
    pollingInterval: REVIEWS_REFRESH_MS,
    skipPollingIfUnfocused: true,
  });
  const [deleteReview] = useDeleteReviewMutation();
  const { toast } = useToast();

  if (isLoading) return <PageLoading fullScreen={false} />;
  if (isError && !reviews) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" onClick={() => void refetch()}>
            Try Again
          </Button>
        }
      >
        {errorMessage(error, 'Could not load the reviews')}
      </Alert>
    );
  }
  if (!reviews || reviews.length === 0) {
    return (
      <Card variant="outlined" sx={{ p: 4, textAlign: 'center' }}>
        <Typography variant="h6">No reviews yet</Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          A review asks the same questions of every document and shows the cited answers in a table
          you can verify and export to Excel.
        </Typography>
        {canEdit && (
          <Button component={RouterLink} to="new" variant="contained" startIcon={<Add />}>
            New review
          </Button>
        )}
      </Card>
    );
  }
  const remove = async (reviewId: number, name: string) => {
    if (!window.confirm(`Delete the review "${name}"? Its answers and review work are lost.`))
      return;
    try {
      await deleteReview({ projectId, reviewId }).unwrap();
      toast({ title: 'Success', description: 'Review deleted', variant: 'success' });
    } catch (failure) {
      toast({
        title: 'Error',
        description: errorMessage(failure, 'Failed to delete the review'),
        variant: 'destructive',
      });
    }
  };
  return (
    <Card variant="outlined">
      <List aria-label="Reviews">
        {reviews.map((review) => (
          <ListItem
            key={review.id}
            disablePadding
            secondaryAction={
              canEdit ? (
                <IconButton
                  edge="end"
                  aria-label={`Delete ${review.name}`}
                  onClick={() => void remove(review.id, review.name)}
                >
                  <DeleteOutline />
                </IconButton>
              ) : undefined
            }
          >
            <ListItemButton component={RouterLink} to={String(review.id)}>
              <ListItemText
                primary={review.name}
                slotProps={{ secondary: { component: 'div' } }}
                secondary={
                  <Box>
                    <span>
                      {review.status === 'running' ? 'Running' : 'Completed'} ·{' '}
                      {progressLabel(review.progress)} · {formatDate(review.createdAt)}
                    </span>
                    {review.status === 'running' && (
                      <LinearProgress
                        variant="determinate"
                        value={
                          review.progress.total
                            ? (100 * review.progress.done) / review.progress.total
                            : 0
                        }
                        sx={{ mt: 0.5, maxWidth: 320 }}
                      />
                    )}
                  </Box>
                }
              />
            </ListItemButton>
          </ListItem>
        ))}
      </List>
    </Card>
  );
}

export function ReviewsPage() {
  return (
    <ProjectGate>
      {(project) => {
        const { canEdit } = projectPermissions(project.role);
        return (
          <Box sx={{ maxWidth: 1100, mx: 'auto' }}>
            <Stack direction="row" sx={{ alignItems: 'flex-start', mb: 3 }}>
              <Box sx={{ flex: 1, minWidth: 0 }}>
                <Typography variant="h4" component="h1">
                  Reviews
                </Typography>
                <Typography color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                  {project.name}
                </Typography>
              </Box>
              {canEdit && (
                <Button component={RouterLink} to="new" variant="contained" startIcon={<Add />}>
                  New review
                </Button>
              )}
            </Stack>
            <ProjectReviews projectId={project.id} canEdit={canEdit} />
          </Box>
        );
      }}
    </ProjectGate>
  );
}
