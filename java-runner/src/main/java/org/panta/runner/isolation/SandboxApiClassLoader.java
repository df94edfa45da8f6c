package org.panta.runner.isolation;

/**
 * Root of the class loaders that hold project code: the JDK (platform class loader) plus the
 * helper's sandbox package, which instrumented and rewritten classes call (ExitTrap, ProbeRegistry,
 * SystemExitAttempted). Nothing else of the helper is visible below it: not its JaCoCo, ASM or
 * Gson, nor the byte-buddy agent on the helper's class path, so a project brings its own.
 */
public final class SandboxApiClassLoader extends ClassLoader {
  private static final String SANDBOX_PACKAGE = "org.panta.runner.sandbox.";

  private final ClassLoader helper;

  public SandboxApiClassLoader(ClassLoader helper) {
    super("panta-sandbox-api", ClassLoader.getPlatformClassLoader());
    this.helper = helper;
  }

  @Override
  protected Class<?> findClass(String name) throws ClassNotFoundException {
    if (name.startsWith(SANDBOX_PACKAGE)) {
      return helper.loadClass(name);
    }
    throw new ClassNotFoundException(name);
  }
}
