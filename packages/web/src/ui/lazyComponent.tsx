import { Suspense, use, type ComponentType } from 'react';

/**
 * A component whose code (and the libraries it brings) loads when it is first shown, not with the page: `Fallback`
 * holds its place with the same props until then, and once loaded it renders at once. `preload` loads it ahead, for
 * tests that look at it right after the first render (docs/decisions.md, "Page weight: lazy input widgets").
 */
export function lazyComponent<P extends object>(load: () => Promise<ComponentType<P>>, Fallback: ComponentType<NoInfer<P>>) {
  let loaded: { Component: ComponentType<P> } | undefined;
  let loading: Promise<{ Component: ComponentType<P> }> | undefined;
  const preload = () => (loading ??= load().then((Component) => (loaded = { Component })));

  function Loaded(props: P) {
    const { Component } = loaded ?? use(preload());
    return <Component {...props} />;
  }

  return Object.assign(
    (props: P) => (
      <Suspense fallback={<Fallback {...props} />}>
        <Loaded {...props} />
      </Suspense>
    ),
    { preload },
  );
}
