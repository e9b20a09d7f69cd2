export default function Page() {
  return <h1>sport</h1>;
}
