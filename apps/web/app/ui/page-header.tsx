export function PageHeader({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children?: React.ReactNode;
}) {
  return (
    <header className="mb-6 flex flex-wrap items-end justify-between gap-4">
      <div>
        <h1 className="font-display text-2xl font-extrabold tracking-tight text-text sm:text-3xl">
          {title}
        </h1>
        {description ? <p className="mt-1 max-w-2xl text-text-muted">{description}</p> : null}
      </div>
      {children}
    </header>
  );
}
