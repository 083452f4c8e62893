import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { BrandMark } from './BrandMark';

const linkStyle = {
  display: 'flex',
  alignItems: 'center',
  gap: 1,
  color: 'inherit',
  textDecoration: 'none',
} as const;

type BrandLinkProps = { size: number; onClick?: () => void } & (
  { to: string; href?: never } | { href: string; to?: never }
);

/** The mark and the name, as a link: to an app route (`to`) or to an anchor of the page (`href`). */
export function BrandLink({ size, onClick, to, href }: BrandLinkProps) {
  const content = (
    <>
      <BrandMark size={size} />
      <Typography variant="h6" component="span">
        Clearroom
      </Typography>
    </>
  );
  return to === undefined ? (
    <Box component="a" href={href} onClick={onClick} sx={linkStyle}>
      {content}
    </Box>
  ) : (
    <Box component={RouterLink} to={to} onClick={onClick} sx={linkStyle}>
      {content}
    </Box>
  );
}
