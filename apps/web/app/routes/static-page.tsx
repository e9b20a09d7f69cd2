export default function Page() {
  return <h1>static-page</h1>;
}
