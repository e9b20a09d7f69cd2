export default function Page() {
  return <h1>catch-all</h1>;
}
