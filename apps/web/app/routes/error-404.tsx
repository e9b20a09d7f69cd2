export default function Page() {
  return <h1>error-404</h1>;
}
