export default function Page() {
  return <h1>questions</h1>;
}
