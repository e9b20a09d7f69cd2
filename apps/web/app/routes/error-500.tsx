export default function Page() {
  return <h1>error-500</h1>;
}
