import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { exampleQueries, faqs } from '../content';
import { LandingPage } from './LandingPage';

afterEach(() => {
  vi.useRealTimers();
});

describe('LandingPage', () => {
  it('links the navigation to the page sections and both calls to /login', () => {
    renderWithProviders(<LandingPage />);
    const nav = screen.getAllByRole('navigation', { name: 'Page sections' })[0]!;
    for (const [name, href] of [
      ['Features', '#features'],
      ['How It Works', '#how-it-works'],
      ['Use Cases', '#use-cases'],
      ['FAQ', '#faq'],
    ] as const) {
      expect(within(nav).getByRole('link', { name })).toHaveAttribute('href', href);
      expect(document.querySelector(href)).not.toBeNull();
    }
    expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'Get Started' })).toHaveAttribute(
      'href',
      '/login?mode=register',
    );
    expect(screen.getByRole('link', { name: 'Start Your First Deal' })).toHaveAttribute(
      'href',
      '/login?mode=register',
    );
  });

  it('opens a menu with the same links on small screens', async () => {
    renderWithProviders(<LandingPage />);
    // jsdom lays out a 1024 px wide window, where CSS hides the menu button; click it anyway.
    fireEvent.click(screen.getByLabelText('Open menu'));
    const menu = await screen.findByRole('presentation');
    expect(within(menu).getByRole('link', { name: 'FAQ' })).toHaveAttribute('href', '#faq');
    expect(within(menu).getByRole('link', { name: 'Get Started' })).toHaveAttribute(
      'href',
      '/login?mode=register',
    );
  });

  it('rotates the 11 example questions every 3 s with a 0.5 s fade', () => {
    vi.useFakeTimers();
    renderWithProviders(<LandingPage />);
    expect(exampleQueries).toHaveLength(11);
    const banner = screen.getByTestId('example-query');
    expect(banner).toHaveTextContent(exampleQueries[0]);

    act(() => {
      vi.advanceTimersByTime(3000);
    });
    expect(banner).toHaveStyle({ opacity: '0' });
    expect(banner).toHaveTextContent(exampleQueries[0]);

    act(() => {
      vi.advanceTimersByTime(500);
    });
    expect(banner).toHaveTextContent(exampleQueries[1]);
    expect(banner).toHaveStyle({ opacity: '1' });

    // One question every 3000 ms: ten more periods bring back the first of the 11.
    act(() => {
      vi.advanceTimersByTime(3000 * 10);
    });
    expect(banner).toHaveTextContent(exampleQueries[0]);
  });

  it('keeps one FAQ answer open at a time, and lets it close', () => {
    renderWithProviders(<LandingPage />);
    expect(faqs).toHaveLength(8);
    const first = screen.getByRole('button', { name: faqs[0]!.question });
    const second = screen.getByRole('button', { name: faqs[1]!.question });
    expect(first).toHaveAttribute('aria-expanded', 'false');

    fireEvent.click(first);
    expect(first).toHaveAttribute('aria-expanded', 'true');

    fireEvent.click(second);
    expect(second).toHaveAttribute('aria-expanded', 'true');
    expect(first).toHaveAttribute('aria-expanded', 'false');

    fireEvent.click(second);
    expect(second).toHaveAttribute('aria-expanded', 'false');
  });

  it('labels the scenarios honestly and claims no unmeasured numbers', () => {
    renderWithProviders(<LandingPage />);
    expect(
      screen.getByText('Illustrative scenarios, not customer endorsements'),
    ).toBeInTheDocument();
    const text = document.body.textContent ?? '';
    expect(text).not.toMatch(/14-day|free trial|2,000\+|10 seconds|customers trust/i);
    expect(text).toMatch(/Helm/);
    expect(text).toMatch(/air-gapped/i);
  });

  it('shows the source-verification illustration with a [1] citation and the cited page', () => {
    renderWithProviders(<LandingPage />);
    const figure = screen.getByRole('figure', { name: /^Illustration/ });
    expect(within(figure).getAllByText(/\[1\]/).length).toBeGreaterThan(0);
    expect(within(figure).getByText('Page 14')).toBeInTheDocument();
    expect(figure.querySelector('mark')).toHaveTextContent('Change of Control');
  });
});
