export default function Page() {
  return <h1>blocked</h1>;
}
