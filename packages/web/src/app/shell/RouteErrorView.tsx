import { Center } from '@mantine/core';
import { useQueryErrorResetBoundary } from '@tanstack/react-query';
import { useNavigate, useRouteError } from '../../router/index.ts';
import { ErrorView } from '../../ui/ErrorView.tsx';

/** A failure that stops the main view (the user call, for one) shows the generic error view on the whole page. */
export function RouteErrorView() {
  const error = useRouteError();
  const navigate = useNavigate();
  const { reset } = useQueryErrorResetBoundary();
  const handleOk = () => {
    // Ok tries again from home: failed queries are fetched anew once the boundary is reset.
    reset();
    void navigate('/', { replace: true });
  };
  return (
    <Center mih="100vh" p="md" bg="gray.0">
      <ErrorView error={error} onOk={handleOk} />
    </Center>
  );
}
