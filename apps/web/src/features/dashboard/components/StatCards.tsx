import AttachMoneyOutlined from '@mui/icons-material/AttachMoneyOutlined';
import BusinessOutlined from '@mui/icons-material/BusinessOutlined';
import DescriptionOutlined from '@mui/icons-material/DescriptionOutlined';
import FolderOutlined from '@mui/icons-material/FolderOutlined';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useGetDashboardStatsQuery } from '../api/dashboardApi';
import { formatDealValue } from '../formatDealValue';

type Stat = { label: string; value: string; icon: ReactNode; note?: string | null };

/** The four stat cards. Without stats, active projects falls back to the project count (§2). */
export function StatCards({ projectCount }: { projectCount: number }) {
  const { data: stats, isLoading } = useGetDashboardStatsQuery();

  const items: Stat[] = [
    {
      label: 'Active Projects',
      value: String(stats?.activeProjects ?? projectCount),
      icon: <FolderOutlined />,
    },
    {
      label: 'Documents Analyzed',
      value: String(stats?.documentsAnalyzed ?? 0),
      icon: <DescriptionOutlined />,
    },
    {
      label: 'Total Deal Value',
      value: formatDealValue(stats?.totalDealValue ?? 0),
      icon: <AttachMoneyOutlined />,
      note: otherCurrenciesNote(stats?.valuationsInOtherCurrencies ?? 0),
    },
    {
      label: 'Companies Reviewed',
      value: String(stats?.companiesReviewed ?? 0),
      icon: <BusinessOutlined />,
    },
  ];

  return (
    <Grid container spacing={2} component="section" aria-label="Statistics">
      {items.map((item) => (
        <Grid key={item.label} size={{ xs: 12, sm: 6, lg: 3 }}>
          <Card sx={{ height: '100%' }}>
            <CardContent sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
              <Box
                aria-hidden
                sx={{
                  display: 'flex',
                  p: 1.25,
                  borderRadius: 2,
                  bgcolor: 'primary.main',
                  color: 'primary.contrastText',
                }}
              >
                {item.icon}
              </Box>
              <Box sx={{ minWidth: 0 }}>
                <Typography variant="body2" color="text.secondary" component="h3">
                  {item.label}
                </Typography>
                {isLoading ? (
                  <Skeleton width={64} height={36} />
                ) : (
                  <Typography variant="h5" component="p" data-testid={`stat-${item.label}`}>
                    {item.value}
                  </Typography>
                )}
                {item.note && (
                  <Typography variant="caption" color="text.secondary" component="p">
                    {item.note}
                  </Typography>
                )}
              </Box>
            </CardContent>
          </Card>
        </Grid>
      ))}
    </Grid>
  );
}

/** The dollar total leaves other currencies out (no exchange rates offline), and says so. */
function otherCurrenciesNote(count: number): string | null {
  if (count === 0) return null;
  return count === 1
    ? '1 valuation in another currency not included'
    : `${count} valuations in other currencies not included`;
}
