export default function Page() {
  return <h1>questions-page</h1>;
}
