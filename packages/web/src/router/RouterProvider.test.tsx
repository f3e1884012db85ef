import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createMemoryRouter } from './createRouter.ts';
import { useLocation, useParams, useRouteError, useSearchParams } from './hooks.ts';
import { Link, Navigate } from './Link.tsx';
import { Outlet, RouterProvider } from './RouterProvider.tsx';

function Layout() {
  return (
    <main>
      <Link to="/items/7?tab=notes">Item 7</Link>
      <Outlet />
    </main>
  );
}

function Item() {
  const { id } = useParams();
  const [params, setParams] = useSearchParams();
  return (
    <button type="button" onClick={() => setParams({ tab: 'history' })}>
      Item {id} on {params.get('tab')}
    </button>
  );
}

function Broken(): never {
  throw new Error('The item could not be shown.');
}

function ErrorText() {
  return <p>Failed: {String((useRouteError() as Error).message)}</p>;
}

function Where() {
  const location = useLocation();
  return <p>At {location.pathname}</p>;
}

const routes = [
  {
    path: '/',
    element: <Layout />,
    errorElement: <ErrorText />,
    children: [
      { index: true, element: <Navigate to="/home" replace /> },
      { path: '/home', element: <Where /> },
      { path: '/items/:id', element: <Item /> },
      { path: '/broken', element: <Broken /> },
    ],
  },
];

describe('RouterProvider', () => {
  it('follows a redirect, renders the child in the parent’s outlet and navigates on a plain click', async () => {
    const router = createMemoryRouter(routes, { initialEntries: ['/'] });
    render(<RouterProvider router={router} />);
    expect(await screen.findByText('At /home')).toBeInTheDocument();
    const link = screen.getByRole('link', { name: 'Item 7' });
    expect(link).toHaveAttribute('href', '/items/7?tab=notes');
    fireEvent.click(link);
    expect(await screen.findByRole('button', { name: 'Item 7 on notes' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button'));
    expect(await screen.findByRole('button', { name: 'Item 7 on history' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?tab=history');
  });

  it('leaves a click with a modifier key to the browser (a new tab)', async () => {
    const router = createMemoryRouter(routes, { initialEntries: ['/home'] });
    render(<RouterProvider router={router} />);
    fireEvent.click(await screen.findByRole('link', { name: 'Item 7' }), { ctrlKey: true });
    expect(router.state.location.pathname).toBe('/home');
  });

  it('shows the error element when a route throws, and the route again after the next navigation', async () => {
    const router = createMemoryRouter(routes, { initialEntries: ['/broken'] });
    const quiet = console.error;
    console.error = () => {};
    try {
      render(<RouterProvider router={router} />);
      expect(await screen.findByText('Failed: The item could not be shown.')).toBeInTheDocument();
    } finally {
      console.error = quiet;
    }
    await act(() => router.navigate('/home'));
    expect(await screen.findByText('At /home')).toBeInTheDocument();
  });
});
