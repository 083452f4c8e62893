import CloseIcon from '@mui/icons-material/Close';
import MenuIcon from '@mui/icons-material/Menu';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Toolbar from '@mui/material/Toolbar';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { BrandLink } from '../../../components/BrandLink';
import { CREATE_ACCOUNT, landingSections } from '../content';

export function LandingHeader() {
  const [menuOpen, setMenuOpen] = useState(false);
  const closeMenu = () => setMenuOpen(false);

  return (
    <AppBar
      position="sticky"
      color="inherit"
      elevation={0}
      sx={{ borderBottom: 1, borderColor: 'divider', bgcolor: 'rgba(255,255,255,0.94)' }}
    >
      <Container maxWidth="lg">
        <Toolbar disableGutters sx={{ gap: 2 }}>
          <BrandLink href="#top" size={30} />
          <Box
            component="nav"
            aria-label="Page sections"
            sx={{ display: { xs: 'none', md: 'flex' }, gap: 0.5, ml: 3, flexGrow: 1 }}
          >
            {landingSections.map((section) => (
              <Button key={section.id} href={`#${section.id}`} color="inherit">
                {section.label}
              </Button>
            ))}
          </Box>
          <Stack direction="row" spacing={1} sx={{ display: { xs: 'none', md: 'flex' } }}>
            <Button component={RouterLink} to="/login" color="inherit">
              Sign In
            </Button>
            <Button component={RouterLink} to={CREATE_ACCOUNT} variant="contained">
              Get Started
            </Button>
          </Stack>
          <IconButton
            aria-label="Open menu"
            aria-expanded={menuOpen}
            aria-controls="landing-mobile-menu"
            onClick={() => setMenuOpen(true)}
            sx={{ display: { md: 'none' }, ml: 'auto' }}
          >
            <MenuIcon />
          </IconButton>
        </Toolbar>
      </Container>
      <Drawer
        anchor="right"
        open={menuOpen}
        onClose={closeMenu}
        slotProps={{ paper: { id: 'landing-mobile-menu', sx: { width: 280 } } }}
      >
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', p: 1 }}>
          <IconButton aria-label="Close menu" onClick={closeMenu}>
            <CloseIcon />
          </IconButton>
        </Box>
        <Stack component="nav" aria-label="Page sections" spacing={0.5} sx={{ px: 2 }}>
          {landingSections.map((section) => (
            <Button
              key={section.id}
              href={`#${section.id}`}
              color="inherit"
              onClick={closeMenu}
              sx={{ justifyContent: 'flex-start' }}
            >
              {section.label}
            </Button>
          ))}
        </Stack>
        <Stack spacing={1} sx={{ p: 2, mt: 2 }}>
          <Button component={RouterLink} to="/login" variant="outlined" onClick={closeMenu}>
            Sign In
          </Button>
          <Button
            component={RouterLink}
            to={CREATE_ACCOUNT}
            variant="contained"
            onClick={closeMenu}
          >
            Get Started
          </Button>
        </Stack>
      </Drawer>
    </AppBar>
  );
}
